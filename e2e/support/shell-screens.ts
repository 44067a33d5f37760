/**
 * Screenshots of the app shell at 414x896 and 1440x900 (home with tab bar, a not-available screen, error
 * pages, age gate, confirm dialog, bottom sheet, become-host bubble), for looking at what was built.
 *
 *   npm run build -w @velvet/web && node e2e/support/shell-screens.ts   (node_modules/.bin first on PATH)
 *
 * PNGs go to SCREENS_DIR (default /tmp/velvet-shell); never commit them.
 */
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { startSmtpServer } from '../../apps/server/src/test/smtp.ts'
import { signUp, uniqueEmail } from './auth.ts'
import { confirmOver18, launchChromium, viewports } from './browser.ts'
import { startServer } from './server.ts'
import { actAsCreator, fakeSettings, fakeUnread } from './shell-helpers.ts'

const outDir = process.env.SCREENS_DIR ?? '/tmp/velvet-shell'
mkdirSync(outDir, { recursive: true })

const smtp = await startSmtpServer()
const server = await startServer({ SMTP_URL: smtp.url })
const browser = await launchChromium()

async function shot(page: Page, name: string) {
  await page.waitForTimeout(400)
  await page.screenshot({ path: path.join(outDir, `${name}.png`) })
  console.log('  ', name)
}

try {
  for (const [label, viewport] of Object.entries(viewports)) {
    const mobile = label === 'mobile'
    const options = { baseURL: server.baseUrl, viewport, isMobile: mobile, hasTouch: mobile }
    const p = (name: string) => `${label}-${name}`

    // A first visit: the age gate.
    const fresh = await browser.newContext(options)
    const gate = await fresh.newPage()
    await gate.goto('/home')
    await gate.getByRole('alertdialog').waitFor()
    await shot(gate, p('age-gate'))
    await fresh.close()

    const context = await browser.newContext(options)
    await confirmOver18(context)
    const page = await context.newPage()
    page.on('pageerror', (error) => console.log('page error', error.message))
    await fakeUnread(page, { TC: 120, TN: 7 })
    await fakeSettings(page, { CT: 1, live_enabled: true })
    await signUp(page, smtp, uniqueEmail(`shell.${label}`), 'Ava Rose').catch(async (e) => {
      console.log(page.url())
      await shot(page, 'debug')
      throw e
    })
    await page.getByRole('status').filter({ hasText: 'Become a creator' }).waitFor()
    await shot(page, p('home-bubble'))
    await page.goto('/live/gifters')
    await shot(page, p('live-not-available'))
    await page.goto('/mass/list')
    await shot(page, p('mass-not-available'))
    for (const status of ['401', '9002']) {
      await page.goto(`/error/${status}`)
      await shot(page, p(`error-${status}`))
    }
    await page.goto('/no/such/page')
    await shot(page, p('not-found'))

    await page.goto('/home')
    await actAsCreator(page)
    await page.goto('/home?show_create_post=1')
    await page.getByRole('dialog', { name: 'Create' }).waitFor()
    await shot(page, p('create-sheet'))
    await context.close()
  }
} finally {
  await browser.close()
  await server.stop()
  await smtp.close()
}
