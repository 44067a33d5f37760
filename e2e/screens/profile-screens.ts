/**
 * Screenshots of the profile and people screens at 414x896 and 1440x900: a creator's profile (adult popup,
 * follow, menu, report, block), the own profile (tab screen), edit profile with the cropper, followers,
 * following, lists and blocked accounts, a guest's view and the 30023 page. For looking at what was built.
 *
 * Needs a running server on PostgreSQL (a creator is made by setting user_role with psql, as the creator
 * verification flow would):
 *
 *   BASE_URL=http://127.0.0.1:3133 DATA_DIR=/tmp/h3-data DATABASE_URL=postgres://postgres@127.0.0.1:5432/db \
 *     node e2e/screens/profile-screens.ts   (node_modules/.bin first on PATH)
 *
 * PNGs go to SCREENS_DIR (default /tmp/velvet-profile); never commit them.
 */
import { execFileSync } from 'node:child_process'
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { confirmOver18, launchChromium, viewports } from '../support/browser.ts'
import { codeFromOutbox } from './outbox.ts'
import { portraitPng } from './png.ts'

const baseUrl = process.env.BASE_URL ?? ''
const dataDir = process.env.DATA_DIR ?? ''
const databaseUrl = process.env.DATABASE_URL ?? ''
if (!baseUrl || !dataDir || !databaseUrl) throw new Error('BASE_URL, DATA_DIR and DATABASE_URL are needed')
const outDir = process.env.SCREENS_DIR ?? '/tmp/velvet-profile'
mkdirSync(outDir, { recursive: true })

const problems: string[] = []
const stamp = Date.now().toString(36).slice(-5)

function watch(page: Page, label: string) {
  page.on('console', (message) => {
    // Failed answers are listed below with their path and body.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
      problems.push(`[${label}] console.error: ${message.text()}`)
    }
  })
  page.on('response', async (response) => {
    if (response.status() < 400) return
    const body = await response.text().catch(() => '')
    problems.push(`[${label}] ${response.status()} ${new URL(response.url()).pathname} ${body.slice(0, 140)}`)
  })
  page.on('pageerror', (error) => problems.push(`[${label}] page error: ${error.message}`))
}

async function shot(page: Page, name: string) {
  await page.waitForTimeout(350)
  await page.screenshot({ path: path.join(outDir, `${name}.png`) })
  console.log('  ', name)
}

async function newContext(browser: Browser, label: string): Promise<BrowserContext> {
  const mobile = label === 'mobile'
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: viewports[label as keyof typeof viewports],
    deviceScaleFactor: 1,
    isMobile: mobile,
    hasTouch: mobile,
  })
  await confirmOver18(context)
  return context
}

/** A whole e-mail sign-up through the UI (picture skipped), ending on /home. */
async function signUp(page: Page, email: string, userName: string, nickname: string) {
  await page.goto('/login#step_2')
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email)
  await page.getByRole('button', { name: 'Send code', exact: true }).click()
  await page
    .getByRole('textbox', { name: 'Verification code', exact: true })
    .fill(await codeFromOutbox(dataDir, email))
  await page.waitForURL(/#step_4$/)
  await page.getByLabel('Month', { exact: true }).selectOption({ label: 'March' })
  await page.getByLabel('Day', { exact: true }).selectOption('09')
  await page.getByLabel('Year', { exact: true }).selectOption('1994')
  await page.getByRole('button', { name: 'Continue', exact: true }).click()
  await page.getByRole('textbox', { name: 'Username', exact: true }).fill(userName)
  await page.getByText('This username is available.').waitFor()
  await page.getByRole('button', { name: 'Continue', exact: true }).click()
  await page.getByRole('textbox', { name: 'Display name', exact: true }).fill(nickname)
  await page.getByRole('button', { name: 'Create account', exact: true }).click()
  await page.getByRole('button', { name: 'Skip for now', exact: true }).click()
  await page.waitForURL(/\/home$/)
}

function makeCreator(userName: string) {
  execFileSync('psql', [databaseUrl, '-c', `UPDATE users SET user_role = 1 WHERE user_name = '${userName}'`])
}

const bio = [
  'Photographer and dancer from Lisbon. New sets every week, behind the scenes on Fridays.',
  'Requests open for members. Be kind, tip well, and say hi in messages.',
  'No reposts without permission — everything here is mine.',
  'Thank you for being here!',
  'Lives on Sundays.',
].join('\n')

async function run(browser: Browser, label: string) {
  const p = (name: string) => `${label}-${name}`
  const creatorName = `rose_${label.slice(0, 3)}_${stamp}`
  const fanName = `fan_${label.slice(0, 3)}_${stamp}`

  // The creator signs up, edits the profile (cropper, bio, username rules) and becomes a creator.
  const creatorContext = await newContext(browser, label)
  const creator = await creatorContext.newPage()
  watch(creator, `${label}/creator`)
  await signUp(creator, `${creatorName}@example.test`, creatorName, 'Scarlett Rose')
  await creator.goto('/user/edit_profile')
  await creator.getByRole('textbox', { name: 'Display name' }).waitFor()
  await shot(creator, p('10-edit-profile'))
  await creator
    .locator('input[type=file]')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: portraitPng(900, 600) })
  await creator.getByRole('dialog', { name: 'Crop your photo' }).waitFor()
  await creator.getByRole('slider', { name: 'Zoom' }).fill('1.6')
  await shot(creator, p('11-cropper'))
  await creator.getByRole('button', { name: 'Use photo' }).click()
  await creator.getByRole('textbox', { name: 'Bio' }).fill(bio)
  await creator.getByRole('textbox', { name: 'Username' }).fill(`${creatorName}.`)
  await shot(creator, p('12-edit-username-rules'))
  await creator.getByRole('textbox', { name: 'Username' }).fill(creatorName)
  await creator.getByRole('button', { name: 'Save', exact: true }).click()
  await creator.waitForURL(new RegExp(`/@${creatorName}$`))
  makeCreator(creatorName)

  // A fan opens the creator's profile: adult popup, profile, follow, menu, report, block.
  const fanContext = await newContext(browser, label)
  const fan = await fanContext.newPage()
  watch(fan, `${label}/fan`)
  await signUp(fan, `${fanName}@example.test`, fanName, 'Alex')
  await fan.route('**/fapi/core/user/profile/?*', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500))
    await route.continue().catch(() => undefined)
  })
  await fan.goto(`/@${creatorName}`)
  await shot(fan, p('20-profile-loading'))
  await fan.unrouteAll({ behavior: 'ignoreErrors' })
  const popup = fan.getByRole('alertdialog', { name: 'This profile contains adult content' })
  await popup.waitFor()
  await shot(fan, p('21-adult-popup'))
  await popup.getByRole('button', { name: 'Continue' }).click()
  await fan.getByRole('heading', { name: 'Scarlett Rose' }).waitFor()
  await shot(fan, p('22-creator-profile'))
  await fan.getByRole('button', { name: 'Show more' }).click()
  await fan.getByRole('button', { name: /^Follow / }).click()
  await fan.getByRole('button', { name: /^Following / }).waitFor()
  await shot(fan, p('23-following'))
  await fan.getByRole('button', { name: 'More options' }).click()
  await shot(fan, p('24-menu'))
  await fan.getByRole('button', { name: `Report @${creatorName}` }).click()
  await fan.getByLabel('Spam or scam').check()
  await shot(fan, p('25-report'))
  await fan.getByRole('button', { name: 'Send report' }).click()
  await fan.getByText('Thanks for telling us').waitFor()
  await shot(fan, p('26-report-sent'))
  await fan.getByRole('button', { name: 'Done' }).click()

  // The fan's own screens.
  await fan.goto('/user/following')
  await fan.getByRole('list', { name: 'People you follow' }).waitFor()
  await shot(fan, p('30-following-list'))
  await fan.getByRole('searchbox', { name: 'Search the people you follow' }).fill('zzz')
  await fan.getByText('No results for').waitFor()
  await shot(fan, p('31-following-search-empty'))
  await fan.goto('/user/followers')
  await fan.getByText('No followers yet').waitFor()
  await shot(fan, p('32-followers-empty'))
  await fan.goto('/user/list')
  await fan.getByText('No lists yet').waitFor()
  await shot(fan, p('33-lists-empty'))
  await fan.getByRole('button', { name: 'Create a list' }).click()
  await fan.getByRole('textbox', { name: 'List name' }).fill('VIP creators')
  await shot(fan, p('34-list-create'))
  await fan.getByRole('button', { name: 'Create list' }).click()
  await fan.getByText('No one here yet').waitFor()
  await shot(fan, p('35-list-empty'))
  await fan.getByRole('button', { name: 'Add people' }).first().click()
  await fan.getByRole('tab', { name: 'Following' }).click()
  await fan.getByRole('button', { name: /^Add Scarlett Rose/ }).waitFor()
  await shot(fan, p('36-add-people'))
  await fan.getByRole('button', { name: /^Add Scarlett Rose/ }).click()
  await fan.getByRole('button', { name: 'Scarlett Rose added' }).waitFor()
  await fan.getByRole('button', { name: 'Close' }).click()
  await fan.getByRole('list', { name: 'People in VIP creators' }).waitFor()
  await shot(fan, p('37-list-members'))
  await fan.goto('/user/list')
  await fan.getByRole('list', { name: 'Your lists' }).waitFor()
  await shot(fan, p('38-lists'))
  await fan.goto(`/@${fanName}`)
  await fan.getByRole('link', { name: /Edit profile/ }).waitFor()
  await shot(fan, p('39-own-profile'))

  // Block from the profile, see the blocked state and the blocked list.
  await fan.goto(`/@${creatorName}`)
  await fan.getByRole('button', { name: 'More options' }).click()
  await fan.getByRole('button', { name: `Block @${creatorName}` }).click()
  await fan.getByRole('alertdialog', { name: `Block @${creatorName}?` }).waitFor()
  await shot(fan, p('40-block-confirm'))
  await fan.getByRole('button', { name: 'Block', exact: true }).click()
  await fan.getByRole('heading', { name: `You blocked @${creatorName}` }).waitFor()
  await shot(fan, p('41-blocked-profile'))
  await fan.goto('/user/blocked')
  await fan.getByRole('list', { name: 'Blocked accounts' }).waitFor()
  await shot(fan, p('42-blocked-list'))
  await fan.getByRole('button', { name: 'Unblock Scarlett Rose' }).click()
  await fan.getByRole('button', { name: 'Unblock', exact: true }).click()
  await fan.getByText("You haven't blocked anyone").waitFor()
  await shot(fan, p('43-blocked-empty'))

  // The creator sees the new follower; their own profile is a tab screen.
  await creator.goto('/user/followers')
  await creator.getByRole('list', { name: 'Your followers' }).waitFor()
  await shot(creator, p('50-creator-followers'))
  await creator.goto(`/@${creatorName}`)
  await creator.getByRole('link', { name: /Edit profile/ }).waitFor()
  await shot(creator, p('51-creator-own-profile'))

  // A guest: the profile, Follow sends to sign in; an unknown profile is the 30023 page; /nope is 404.
  const guestContext = await newContext(browser, label)
  const guest = await guestContext.newPage()
  watch(guest, `${label}/guest`)
  await guest.goto(`/@${creatorName}`)
  await guest.getByRole('button', { name: 'Continue' }).click()
  await guest.getByRole('heading', { name: 'Scarlett Rose' }).waitFor()
  await shot(guest, p('60-guest-profile'))
  await guest.getByRole('button', { name: /^Follow / }).click()
  await guest.waitForURL(/\/login\?redirect=/)
  await guest.goto(`/@nobody_${stamp}`)
  await guest.getByText('Sorry, the profile or page does not exist.').waitFor()
  await shot(guest, p('61-no-profile'))
  await guest.goto('/nope')
  await guest.getByText('This page could not be found').waitFor()

  await Promise.all([creatorContext.close(), fanContext.close(), guestContext.close()])
}

const browser = await launchChromium()
try {
  for (const label of Object.keys(viewports)) {
    console.log(label)
    await run(browser, label)
  }
} finally {
  await browser.close()
}
console.log(problems.length ? `\nProblems:\n${problems.join('\n')}` : '\nNo console errors.')
console.log(`Screenshots in ${outDir}`)
