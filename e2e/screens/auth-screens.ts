/**
 * Screenshots of the sign-in / sign-up screens at 414x896 and 1440x900, for looking at what was built.
 * Starts its own server (built web app, PGlite, mail to its outbox folder) unless BASE_URL and DATA_DIR
 * of a running server are given.
 *
 *   npm run build -w @velvet/web && node e2e/screens/auth-screens.ts   (Node 24: node_modules/.bin first)
 *
 * PNGs go to SCREENS_DIR (default /tmp/velvet-screens); never commit them.
 */
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { chooseBirthday, underageBirthdayOffered } from '../support/auth.ts'
import { launchChromium, viewports } from '../support/browser.ts'
import { startServer } from '../support/server.ts'
import { codeFromOutbox } from './outbox.ts'
import { portraitPng } from './png.ts'

const outDir = process.env.SCREENS_DIR ?? '/tmp/velvet-screens'
mkdirSync(outDir, { recursive: true })

const problems: string[] = []

function watch(page: Page, label: string) {
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') {
      problems.push(`[${label}] console.${message.type()}: ${message.text()}`)
    }
  })
  page.on('pageerror', (error) => problems.push(`[${label}] page error: ${error.message}`))
  page.on('response', async (response) => {
    if (response.status() >= 400) {
      const body = await response.text().catch(() => '')
      problems.push(
        `[${label}] ${response.status()} ${new URL(response.url()).pathname} ${body.slice(0, 160)}`,
      )
    }
  })
}

async function shot(page: Page, name: string) {
  await page.waitForTimeout(250)
  await page.screenshot({ path: path.join(outDir, `${name}.png`) })
  console.log('  ', name)
}

async function run(browser: Browser, baseUrl: string, codeFor: (email: string) => Promise<string>) {
  for (const [label, viewport] of Object.entries(viewports)) {
    console.log(label)
    const context = await browser.newContext({
      baseURL: baseUrl,
      viewport,
      deviceScaleFactor: 1,
      isMobile: label === 'mobile',
      hasTouch: label === 'mobile',
    })
    const page = await context.newPage()
    watch(page, label)
    const p = (name: string) => `${label}-${name}`
    const email = `fan.${label}.${Date.now()}@example.com`

    await page.goto('/login')
    await page.getByRole('button', { name: 'Continue with e-mail' }).waitFor()
    await shot(page, p('01-welcome'))

    await page.getByRole('button', { name: 'Continue with e-mail' }).click()
    await page.getByLabel('E-mail', { exact: true }).waitFor()
    await shot(page, p('02-email'))
    await page.getByLabel('E-mail', { exact: true }).fill('not-an-email')
    await page.getByRole('button', { name: 'Send code' }).click()
    await shot(page, p('02-email-invalid'))
    await page.getByLabel('E-mail', { exact: true }).fill(email)
    await page.getByRole('button', { name: 'Send code' }).click()

    await page.getByLabel('Verification code', { exact: true }).waitFor()
    await shot(page, p('03-code'))
    await page.getByLabel('Verification code', { exact: true }).fill('000000')
    await page.getByText(/not correct/).waitFor()
    await shot(page, p('03-code-wrong'))
    const code = await codeFor(email)
    await page.getByLabel('Verification code', { exact: true }).fill(code)

    await page.waitForURL(/#step_4$/)
    await page.getByLabel('Month', { exact: true }).waitFor()
    await shot(page, p('04-birthday'))
    const thisYear = new Date().getFullYear()
    const underage = underageBirthdayOffered()
    if (underage) {
      await chooseBirthday(page, underage)
      await page.getByText('Not available for users under 18.').waitFor()
      await shot(page, p('04-birthday-under-18'))
    }
    await chooseBirthday(page, { year: String(thisYear - 25), month: '01', day: '15' })

    await page.waitForURL(/#step_5$/)
    await page.getByLabel('Username', { exact: true }).fill('ab.')
    await shot(page, p('05-username-rules'))
    await page.getByLabel('Username', { exact: true }).fill(`${label}_fan_${String(Date.now()).slice(-6)}`)
    await page.getByText('This username is available.').waitFor()
    await shot(page, p('05-username-available'))
    await page.getByRole('button', { name: 'Continue' }).click()

    await page.waitForURL(/#step_6$/)
    await page.getByLabel('Display name', { exact: true }).waitFor()
    await shot(page, p('06-nickname'))
    await page.getByLabel('Display name', { exact: true }).fill('Scarlett Rose')
    await page.getByRole('button', { name: 'Create account' }).click()

    await page.waitForURL(/#step_7$/)
    await page.getByRole('button', { name: 'Skip for now' }).waitFor()
    await shot(page, p('07-picture'))
    await page.locator('input[type=file]').setInputFiles({
      name: 'me.png',
      mimeType: 'image/png',
      buffer: portraitPng(),
    })
    await page.getByRole('button', { name: 'Save and continue' }).waitFor()
    await shot(page, p('07-picture-preview'))
    await page.getByRole('button', { name: 'Save and continue' }).click()

    await page.waitForURL(/\/home$/)
    await page.getByRole('button', { name: 'Log out' }).waitFor()
    await shot(page, p('08-home-account'))

    await page.getByRole('button', { name: 'Log out' }).click()
    await page.waitForURL(/\/login$/)
    await page.getByRole('button', { name: 'Continue with e-mail' }).waitFor()
    await page.goto('/home')
    await page.getByRole('link', { name: 'Sign up / Log in' }).waitFor()
    await shot(page, p('09-home-guest'))

    await page.goto('/no-such-page')
    await page.getByText('This page could not be found').waitFor()
    await shot(page, p('10-not-found'))

    await page.goto('/google_login')
    await page.getByText('Google sign-in is not available.').waitFor()
    await shot(page, p('11-google-unavailable'))

    await page.goto('/login/oauth#access_token=x&id_token=y&state=z')
    await page.getByText("We couldn't sign you in").waitFor()
    await shot(page, p('12-oauth-error'))

    await context.close()
  }
}

const external = process.env.BASE_URL
const server = external ? null : await startServer()
const dataDir = process.env.DATA_DIR ?? server?.dataDir ?? ''
const browser = await launchChromium()
try {
  await run(browser, external ?? server?.baseUrl ?? '', (email) => codeFromOutbox(dataDir, email))
} finally {
  await browser.close()
  await server?.stop()
}
console.log(problems.length ? `\nProblems:\n${problems.join('\n')}` : '\nNo console errors.')
console.log(`Screenshots in ${outDir}`)
