import AxeBuilder from '@axe-core/playwright'
import type { Page } from 'playwright-core'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { latestAdultBirthYear } from '../../packages/contract/src/index.ts'
import { saveShot } from '../support/artifacts.ts'
import { chooseBirthday, underageBirthdayOffered } from '../support/auth.ts'
import { newMobileContext } from '../support/browser.ts'
import { journeyFixture } from '../support/journey.ts'

const journey = journeyFixture()

async function seriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze()
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)
}

describe('sign-up by e-mail code', () => {
  it('signs a visitor in anonymously, signs them up, lands on /home, and logs out to /login', async () => {
    const context = await newMobileContext(journey.browser, journey.server.baseUrl)
    const page = await context.newPage()
    const apiCalls: string[] = []
    page.on('request', (req) => {
      const url = new URL(req.url())
      if (url.pathname.startsWith('/fapi/') || url.pathname.startsWith('/api/')) apiCalls.push(url.pathname)
    })

    // A new visitor becomes an anonymous guest without doing anything.
    await page.goto('/')
    await page.getByRole('button', { name: 'Continue with e-mail' }).waitFor()
    // The age gate comes up about 1.2 s after load; a visitor answers it first.
    await page.getByRole('button', { name: "I'm over 18" }).click()
    await page.getByRole('button', { name: "I'm over 18" }).waitFor({ state: 'detached' })
    await expect.poll(() => apiCalls).toContain('/fapi/core/auth/signup_anonymous/')
    // The anonymous token cookie of spec §3 (apps/web/src/features/auth/session.ts).
    await expect.poll(async () => (await context.cookies()).map((c) => c.name)).toContain('velvet_atk')
    expect(await seriousA11yViolations(page)).toEqual([])

    // E-mail, then the code from the real SMTP journey.server.
    await page.getByRole('button', { name: 'Continue with e-mail' }).click()
    await expect.poll(() => new URL(page.url()).hash).toBe('#step_2')
    const email = `journey.${Date.now()}@example.test`
    await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email)
    await page.getByRole('button', { name: 'Send code' }).click()
    await expect.poll(() => new URL(page.url()).hash).toBe('#step_3')
    const code = await journey.smtp.waitForCode(email)

    // The same address again from another tab, moments later: the code already sent is still good, so it
    // opens the code step, counting down the seconds before "Resend code" may be asked for.
    const other = await context.newPage()
    await other.goto('/')
    await other.getByRole('button', { name: 'Continue with e-mail' }).click()
    await other.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email)
    await other.getByRole('button', { name: 'Send code' }).click()
    await expect.poll(() => new URL(other.url()).hash).toBe('#step_3')
    await other.getByText(/^Resend code in 0:[0-5]\d$/).waitFor()
    expect(await other.getByRole('button', { name: 'Resend code' }).count()).toBe(0)
    await saveShot(other, 'signup', 'resend-countdown')
    await other.close()

    await page.getByLabel('Verification code').first().fill(code)
    await expect.poll(() => new URL(page.url()).hash, { timeout: 15_000 }).toBe('#step_4')

    // Birthday: the years start 18 years back; a date in that year before which its owner turns 18 is
    // refused in the spec's words, then an adult date goes through.
    const firstYear = page.getByLabel('Year', { exact: true }).locator('option:not([disabled])').first()
    expect(await firstYear.textContent()).toBe(String(latestAdultBirthYear()))
    const underage = underageBirthdayOffered()
    if (underage) {
      await chooseBirthday(page, underage)
      await page.getByText('Not available for users under 18.').waitFor()
    }
    await chooseBirthday(page, { year: '1994', month: '03', day: '04' })
    await expect.poll(() => new URL(page.url()).hash).toBe('#step_5')

    // Username: a brand name is refused by the shared rule, then a free name goes through.
    const username = page.getByRole('textbox', { name: 'Username', exact: true })
    await username.fill('velvet_fan_1')
    await page.getByText('Username cannot contain Velvet or another platform name.').first().waitFor()
    await username.fill(`fan_${Date.now().toString(36)}`)
    const next = page.getByRole('button', { name: /continue/i })
    await expect.poll(() => next.isEnabled(), { timeout: 10_000 }).toBe(true)
    await next.click()
    await expect.poll(() => new URL(page.url()).hash).toBe('#step_6')

    await page.getByRole('textbox', { name: 'Display name', exact: true }).fill('Journey Fan')
    await page.getByRole('button', { name: /continue|finish|create/i }).click()
    await expect.poll(() => new URL(page.url()).hash, { timeout: 15_000 }).toBe('#step_7')

    // Profile picture: upload a real PNG through the file chooser.
    const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#b3264a' } })
      .png()
      .toBuffer()
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png })
    await page.getByRole('button', { name: 'Save and continue' }).click()
    await page.waitForURL('**/home', { timeout: 15_000 })

    // Home shows the new account; the profile picture is the server's re-encoded square.
    await page.getByRole('heading', { name: 'Journey Fan' }).waitFor()
    const avatar = page.locator('img[src^="/media/portraits/"]').first()
    await avatar.waitFor()
    expect(await seriousA11yViolations(page)).toEqual([])

    // Logout clears the session and lands on /login.
    await page.getByRole('button', { name: 'Log out' }).click()
    await page.waitForURL('**/login', { timeout: 10_000 })
    expect(apiCalls).toContain('/fapi/core/auth/logout/')
    await context.close()
  })
})
