/**
 * Screenshots of settings, account, e-mail preferences, legal terms, blocked locations, host verification and
 * creator tools at 414x896 and 1440x900, for looking at what was built. Runs against a server started with a
 * known APP_SECRET (to sign an unsubscribe link), TRUST_PROXY=true (the visitor's place comes from
 * X-Forwarded-For) and PUBLIC_URL set to its own address (the sandbox identity partner posts its webhook there):
 *
 *   WEB_DIST=/tmp/h4-dist DATA_DIR=/tmp/h4-data PORT=3141 HOST=127.0.0.1 PUBLIC_URL=http://127.0.0.1:3141 \
 *     TRUST_PROXY=true APP_SECRET=<32+ chars> node apps/server/src/main.ts &
 *   BASE_URL=http://127.0.0.1:3141 DATA_DIR=/tmp/h4-data APP_SECRET=<same> node e2e/screens/settings-screens.ts
 *
 * PNGs go to SCREENS_DIR (default /tmp/velvet-screens/settings); never commit them.
 */
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { unsubscribeSignature } from '../../apps/server/src/modules/account/links.ts'
import { seriousA11yViolations } from '../support/auth.ts'
import { confirmOver18, launchChromium, viewports } from '../support/browser.ts'
import { codeFromOutbox } from './outbox.ts'
import { portraitPng } from './png.ts'

const baseUrl = process.env.BASE_URL ?? ''
const dataDir = process.env.DATA_DIR ?? ''
const appSecret = process.env.APP_SECRET ?? ''
if (!baseUrl || !dataDir || !appSecret)
  throw new Error('set BASE_URL, DATA_DIR and APP_SECRET (see the header)')

const outDir = process.env.SCREENS_DIR ?? '/tmp/velvet-screens/settings'
mkdirSync(outDir, { recursive: true })
const problems: string[] = []

/** A New York address in geoip-lite's database: the visitor appears to browse from there. */
const NEW_YORK_IP = '24.24.24.24'

function watch(page: Page, label: string) {
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`[${label}] console.error: ${message.text()}`)
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

async function shot(page: Page, name: string, fullPage = false) {
  await page.waitForTimeout(300)
  await page.screenshot({ path: path.join(outDir, `${name}.png`), fullPage })
  console.log('  ', name)
  // Velvet's own screens only (not the sandbox partner's page).
  if (new URL(page.url()).pathname.startsWith('/sandbox/')) return
  for (const violation of await seriousA11yViolations(page)) problems.push(`[${name}] axe: ${violation}`)
}

/** Signs up through the UI (picture skipped); answers the sign-in code it used. */
async function signUp(page: Page, email: string, nickname: string, userName: string): Promise<string> {
  await page.goto('/login#step_2')
  await page.getByLabel('E-mail', { exact: true }).fill(email)
  await page.getByRole('button', { name: 'Send code' }).click()
  const code = await codeFromOutbox(dataDir, email)
  await page.getByLabel('Verification code', { exact: true }).fill(code)
  await page.waitForURL(/#step_4$/)
  await page.getByLabel('Month', { exact: true }).selectOption('03')
  await page.getByLabel('Day', { exact: true }).selectOption('09')
  await page.getByLabel('Year', { exact: true }).selectOption('1994')
  await page.getByRole('button', { name: 'Continue' }).click()
  await page.getByLabel('Username', { exact: true }).fill(userName)
  await page.getByText('This username is available.').waitFor()
  await page.getByRole('button', { name: 'Continue' }).click()
  await page.getByLabel('Display name', { exact: true }).fill(nickname)
  await page.getByRole('button', { name: 'Create account' }).click()
  await page.getByRole('button', { name: 'Skip for now' }).click()
  await page.waitForURL(/\/home$/)
  return code
}

async function run(browser: Browser) {
  for (const [label, viewport] of Object.entries(viewports)) {
    console.log(label)
    const mobile = label === 'mobile'
    const context = await browser.newContext({
      baseURL: baseUrl,
      viewport,
      deviceScaleFactor: 1,
      isMobile: mobile,
      hasTouch: mobile,
      extraHTTPHeaders: { 'x-forwarded-for': NEW_YORK_IP },
    })
    await confirmOver18(context)
    const page = await context.newPage()
    watch(page, label)
    const p = (name: string) => `${label}-${name}`
    const stamp = Date.now().toString(36)
    const email = `screens.${label}.${stamp}@example.com`

    // Guests: the blocked-locations explainer, and /setting sends them to log in.
    await page.goto('/privacy/safety/blocked_location')
    await page.getByRole('link', { name: 'Log in to manage' }).waitFor()
    await shot(page, p('01-blocked-locations-guest'))

    const signInCode = await signUp(page, email, 'Scarlett Rose', `${label}_${stamp}`)
    let codeSentAt = Date.now()

    await page.goto('/setting')
    await page.getByRole('link', { name: /Become a creator/ }).waitFor()
    await shot(page, p('02-settings-viewer'), true)

    await page.goto('/setting/adult_setting')
    await page.getByRole('switch', { name: 'Blur previews' }).waitFor()
    await shot(page, p('03-adult'))
    await page.getByRole('switch', { name: 'Blur previews' }).click()
    await shot(page, p('03-adult-toggled'))

    await page.goto('/user/account')
    await page.getByText('This device', { exact: true }).waitFor()
    await shot(page, p('04-account'), true)

    // A second device signs in to the same account (one code per e-mail a minute: wait for the next one).
    const other = await browser.newContext({
      baseURL: baseUrl,
      extraHTTPHeaders: { 'x-forwarded-for': '81.2.69.142' },
    })
    await confirmOver18(other)
    const otherPage = await other.newPage()
    await page.waitForTimeout(Math.max(0, codeSentAt + 61_000 - Date.now()))
    await otherPage.goto('/login#step_2')
    await otherPage.getByLabel('E-mail', { exact: true }).fill(email)
    await otherPage.getByRole('button', { name: 'Send code' }).click()
    const secondCode = await codeFromOutbox(dataDir, email, { ignore: [signInCode] })
    codeSentAt = Date.now()
    await otherPage.getByLabel('Verification code', { exact: true }).fill(secondCode)
    await otherPage.waitForURL(/\/home$/)
    await page.reload()
    await page.getByRole('button', { name: 'Sign out other devices' }).waitFor()
    await shot(page, p('04-account-two-devices'), true)
    await page.getByRole('button', { name: /^Sign out Chrome/ }).click()
    await page.getByRole('alertdialog').waitFor()
    await shot(page, p('04-account-sign-out-confirm'))
    await page.getByRole('alertdialog').getByRole('button', { name: 'Sign out' }).click()
    await page.getByText('You are signed in on this device only.').waitFor()
    await other.close()
    await page.getByRole('button', { name: 'Delete account' }).click()
    await page.getByRole('button', { name: 'E-mail me a code' }).waitFor()
    await shot(page, p('05-delete-explain'))
    await page.getByRole('button', { name: 'Keep my account' }).click()

    await page.goto('/manage/email/notification')
    await page.getByRole('switch', { name: 'New posts' }).waitFor()
    await page.getByRole('switch', { name: 'News from Velvet' }).click()
    await shot(page, p('06-email-notifications'), true)

    const userId = Number((await context.cookies()).find((c) => c.name === 'velvet_uid')?.value)
    const sig = unsubscribeSignature(appSecret, userId, 'new_posts')
    await page.goto(`/manage/email/unsubscribe?u=${userId}&c=new_posts&sig=${sig}`)
    await page.getByRole('button', { name: 'Unsubscribe' }).waitFor()
    await shot(page, p('07-unsubscribe'))
    await page.getByRole('button', { name: 'Unsubscribe' }).click()
    await page.getByRole('button', { name: 'Resubscribe' }).waitFor()
    await shot(page, p('07-unsubscribed'))
    await page.goto(`/manage/email/unsubscribe?u=${userId}&c=new_posts&sig=${'x'.repeat(32)}`)
    await page.getByText('This link doesn’t work').waitFor()
    await shot(page, p('07-unsubscribe-bad-link'))

    await page.goto('/manage/terms')
    await page
      .getByText(/Version/)
      .first()
      .waitFor()
    await shot(page, p('08-terms'))
    await page.getByRole('button', { name: /Creator Agreement/ }).click()
    await page
      .getByRole('dialog')
      .getByText(/^Version/)
      .waitFor()
    await shot(page, p('08-terms-agreement'))
    await page.getByRole('dialog').getByRole('button', { name: 'Close', exact: true }).last().click()

    await page.goto('/privacy/safety/blocked_location')
    await page.getByRole('button', { name: 'Add location' }).waitFor()
    await shot(page, p('09-blocked-locations-empty'), true)
    await page.getByRole('button', { name: 'Add location' }).click()
    await page.getByRole('searchbox', { name: 'Search countries' }).waitFor()
    await shot(page, p('10-add-country'))
    await page.getByRole('searchbox', { name: 'Search countries' }).fill('united')
    await page.getByRole('button', { name: 'United States' }).click()
    await page.getByRole('button', { name: 'Entire United States' }).waitFor()
    await shot(page, p('11-add-state'))
    await page.getByRole('button', { name: 'New York' }).click()
    await page.getByRole('button', { name: /^Block New York/ }).waitFor()
    await shot(page, p('12-add-confirm-self'))
    await page.getByRole('button', { name: /^Block New York/ }).click()
    await page.getByRole('button', { name: 'Unblock New York, United States' }).waitFor()
    await page.getByRole('button', { name: 'Add location' }).click()
    await page.getByRole('searchbox', { name: 'Search countries' }).fill('germ')
    await page.getByRole('button', { name: 'Germany' }).click()
    await page.getByRole('button', { name: 'Block Germany' }).click()
    await page.getByRole('button', { name: 'Unblock Germany' }).waitFor()
    await shot(page, p('13-blocked-locations-list'), true)

    await page.goto('/user/creator_tools')
    await page.getByRole('link', { name: 'Become a creator' }).waitFor()
    await shot(page, p('14-creator-tools-viewer'))

    // Host verification, through the sandbox partner, back to /setting.
    await page.getByRole('link', { name: 'Become a creator' }).click()
    await page.getByRole('checkbox').waitFor()
    await shot(page, p('15-audit-agreement'))
    await page.getByRole('checkbox').check()
    await page.getByRole('button', { name: 'Continue' }).click()
    await page.getByRole('radio', { name: 'TikTok' }).check()
    await page.getByLabel('Your handle or profile link (optional)').fill('@scarlett')
    await shot(page, p('16-audit-social'))
    await page.getByRole('button', { name: 'Continue' }).click()
    await page.getByRole('radio', { name: 'Yes' }).check()
    await page.getByRole('button', { name: 'Continue' }).click()
    await page.getByText('Enter their referral code or username.').waitFor()
    await shot(page, p('17-audit-referrer-missing'))
    await page.getByRole('radio', { name: 'No' }).check()
    await page.getByRole('button', { name: 'Continue' }).click()
    await page.getByRole('button', { name: 'Verify my identity' }).waitFor()
    await shot(page, p('18-audit-identity'))
    await page.getByRole('button', { name: 'Verify my identity' }).click()
    await page.getByLabel('Full legal name').waitFor()
    await shot(page, p('19-sandbox-page'), true)
    await page.getByLabel('Full legal name').fill('Scarlett Rose Example')
    await page.getByLabel('Date of birth').fill('1994-03-09')
    await page
      .getByLabel('Photo of the document')
      .setInputFiles({ name: 'id.png', mimeType: 'image/png', buffer: portraitPng() })
    await page
      .getByLabel('Selfie')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: portraitPng() })
    await page.getByRole('radio', { name: 'Decline' }).check()
    await page.getByRole('button', { name: 'Submit for verification' }).click()
    await page.waitForURL(/\/creator_audit/)
    await page
      .getByText('We’re reviewing your documents')
      .waitFor()
      .catch(() => undefined)
    await shot(page, p('20-audit-pending'))
    await page.getByRole('button', { name: 'Try again' }).waitFor({ timeout: 20_000 })
    await shot(page, p('21-audit-declined'))
    await page.getByRole('button', { name: 'Try again' }).click()
    await page.getByLabel('Full legal name').waitFor()
    await page.getByLabel('Full legal name').fill('Scarlett Rose Example')
    await page.getByLabel('Date of birth').fill('1994-03-09')
    await page
      .getByLabel('Photo of the document')
      .setInputFiles({ name: 'id.png', mimeType: 'image/png', buffer: portraitPng() })
    await page
      .getByLabel('Selfie')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: portraitPng() })
    await page.getByRole('radio', { name: 'Approve' }).check()
    await page.getByRole('button', { name: 'Submit for verification' }).click()
    // Approved: back where "Become a creator" was pressed.
    await page.waitForURL(/\/user\/creator_tools$/, { timeout: 30_000 })
    await page.getByText('Blocked locations').waitFor()
    await shot(page, p('22-creator-tools'), true)

    await page.goto('/setting')
    await page.getByRole('link', { name: /Creator tools/ }).waitFor()
    await shot(page, p('23-settings-creator'), true)

    // Delete the account: code by e-mail, then /login.
    await page.goto('/user/account')
    await page.getByRole('button', { name: 'Delete account' }).click()
    await page.waitForTimeout(Math.max(0, codeSentAt + 61_000 - Date.now()))
    await page.getByRole('button', { name: 'E-mail me a code' }).click()
    await page.getByLabel('Verification code').waitFor()
    await shot(page, p('24-delete-code'))
    await page
      .getByLabel('Verification code')
      .fill(await codeFromOutbox(dataDir, email, { ignore: [signInCode, secondCode] }))
    await page.getByRole('button', { name: 'Delete my account' }).click()
    await page.waitForURL(/\/login$/)
    await shot(page, p('25-after-delete'))

    await context.close()
  }
}

const browser = await launchChromium()
try {
  await run(browser)
} finally {
  await browser.close()
}
console.log(problems.length ? `\nProblems:\n${problems.join('\n')}` : '\nNo console errors.')
console.log(`Screenshots in ${outDir}`)
