import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ShellStorageKeys, ShellTexts, Timing, VERSION_PATH } from '../../packages/contract/src/index.ts'
import { saveShot } from '../support/artifacts.ts'
import {
  expectUrl,
  seriousA11yViolations,
  signUp,
  storedItem,
  uniqueEmail,
  waitUntil,
} from '../support/auth.ts'
import { confirmOver18, newMobileContext, viewports } from '../support/browser.ts'
import { recordCspViolations } from '../support/csp.ts'
import { journeyFixture } from '../support/journey.ts'
import { actAsCreator, fakeUnread } from '../support/shell-helpers.ts'

const journey = journeyFixture()

/**
 * The app shell: age gate, redirects and guards, error pages, tab bar badges, become-host
 * bubble, create popup, version reload, accessibility. Error pages are reached through /error/{status},
 * the route the app itself uses for them.
 */

const gate = (page: Page) => page.getByRole('alertdialog', { name: ShellTexts.ageGate.title })

async function guestPage(options: Parameters<typeof newMobileContext>[2] = {}) {
  const context = await newMobileContext(journey.browser, journey.server.baseUrl, options)
  return { context, page: await context.newPage() }
}

describe('age gate', () => {
  it('appears about 1.2 s after load, and "I\'m over 18" stores the flag for good', async () => {
    const { context, page } = await guestPage()
    const started = Date.now()
    await page.goto('/home')
    await page.waitForTimeout(Math.max(0, Timing.ageGateDelayMs - 400 - (Date.now() - started)))
    expect(await gate(page).count()).toBe(0)
    await gate(page).waitFor({ timeout: 3_000 })
    expect(Date.now() - started).toBeGreaterThanOrEqual(Timing.ageGateDelayMs - 100)
    await page.getByRole('button', { name: ShellTexts.ageGate.confirm }).click()
    await gate(page).waitFor({ state: 'detached' })
    expect(await storedItem(page, ShellStorageKeys.over18)).toBe('1')
    await page.reload()
    await page.waitForTimeout(Timing.ageGateDelayMs + 500)
    expect(await gate(page).count()).toBe(0)
    await context.close()
  })

  it('"Leave" goes to a search site', async () => {
    const { context, page } = await guestPage()
    await context.route('https://www.google.com/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>Search</title>' }),
    )
    await page.goto('/login')
    await page.getByRole('button', { name: ShellTexts.ageGate.leave }).click({ timeout: 5_000 })
    await waitUntil(
      'the search site',
      () => page.url(),
      (url) => url.startsWith('https://www.google.com'),
    )
    await context.close()
  })

  it('sends a back navigation made while the first-visit gate is up to /home, gate still up', async () => {
    const { context, page } = await guestPage()
    await page.goto('/notifications')
    // Before the gate comes up, move on inside the app, then go back once it is showing.
    await page.getByRole('link', { name: 'Messages', exact: true }).click()
    await expectUrl(page, '/message')
    await gate(page).waitFor({ timeout: 3_000 })
    await page.goBack()
    await expectUrl(page, '/home')
    await gate(page).waitFor()
    await context.close()
  })

  it('is not shown on exempt pages nor to crawlers', async () => {
    const exempt = await guestPage()
    const crawler = await guestPage({
      userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    })
    await Promise.all([exempt.page.goto('/terms'), crawler.page.goto('/home')])
    await exempt.page.waitForTimeout(Timing.ageGateDelayMs + 600)
    expect(await gate(exempt.page).count()).toBe(0)
    expect(await gate(crawler.page).count()).toBe(0)
    await exempt.context.close()
    await crawler.context.close()
  })
})

describe('routes, guards and error pages for a guest', () => {
  let context: BrowserContext
  let page: Page
  beforeAll(async () => {
    context = await newMobileContext(journey.browser, journey.server.baseUrl)
    await confirmOver18(context)
    page = await context.newPage()
  })
  afterAll(() => context.close())

  it('shows each error page with its text and a back button', async () => {
    const texts: [string, string][] = [
      ['400', 'Something went wrong, please try later. (102)'],
      ['401', "It appears you're not authorized to view this page, please try later. (401)"],
      ['403', "It seems like you don't have permission to access this page. (403)"],
      ['404', 'Page not found. Please open it later or contact our customer support. (404)'],
      ['9002', "It looks like you've been here for a while. Please refresh the page to continue. (9002)"],
    ]
    for (const [status, text] of texts) {
      await page.goto(`/error/${status}`)
      await page.getByRole('heading', { level: 1, name: text, exact: true }).waitFor()
      await page.getByRole('button', { name: 'Go back' }).first().waitFor()
      expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0)
    }
    await page.getByRole('button', { name: 'Refresh the page' }).waitFor()
    // 30023 (blocked location): the spec §8 text, and the page is reported (spec §2 analytics).
    const reported = page.waitForRequest(
      (req) =>
        req.url().includes('/fapi/core/system/common_report/') &&
        (req.postData() ?? '').includes('blocked_location'),
    )
    await page.goto('/error/30023')
    await page
      .getByRole('heading', { level: 1, name: 'Sorry, the profile or page does not exist.', exact: true })
      .waitFor()
    await reported
    for (const path of ['/no/such/page', '/not-a-profile']) {
      await page.goto(path)
      await page.getByRole('heading', { name: ShellTexts.notFound, exact: true }).waitFor()
    }
  })

  it('redirects /post/post_view and guards /chatRoom', async () => {
    await page.goto('/post/post_view?id=42&from=share')
    await expectUrl(page, '/post?id=42&from=share')
    // Posts are built: a post that does not exist gets the 404 error page.
    await page.getByRole('heading', { level: 1, name: ShellTexts.errorByStatus[404], exact: true }).waitFor()
    for (const path of ['/chatRoom', '/chatRoom?u1=1']) {
      await page.goto(path)
      await expectUrl(page, '/home')
    }
    // Chat is built: a guest with both ids signs in first and comes back to the room.
    await page.goto('/chatRoom?u1=1&u2=2')
    await expectUrl(page, `/login?redirect=${encodeURIComponent('/chatRoom?u1=1&u2=2')}`)
  })

  it('says plainly which features are not built, keeping the tab bar on tab screens', async () => {
    // Messages and notifications are built: a guest is asked to sign in, on the tab.
    await page.goto('/notifications')
    await page.getByRole('heading', { name: 'Your notifications' }).waitFor()
    await page.getByRole('navigation', { name: 'Main' }).waitFor()
    await page.goto('/message')
    await page.getByRole('heading', { name: 'Your messages' }).waitFor()
    await page.getByRole('navigation', { name: 'Main' }).waitFor()
    await page.goto('/video-call')
    await page.getByRole('heading', { name: 'Video calls are not available in this build yet' }).waitFor()
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0)
    // Mass messages are built: a guest signs in first and comes back to them.
    await page.goto('/mass/list')
    await expectUrl(page, `/login?redirect=${encodeURIComponent('/mass/list')}`)
    // Profiles are built: an unknown user name gets the profile error page, not a placeholder.
    await page.goto('/@no_such_creator')
    await page
      .getByRole('heading', { level: 1, name: 'Sorry, the profile or page does not exist.', exact: true })
      .waitFor()
  })

  it('keeps the marketing pages on our own content while no external site is configured', async () => {
    await page.goto('/press')
    await expectUrl(page, '/branding')
    await page.goto('/about')
    await page.waitForTimeout(300)
    expect(new URL(page.url()).origin).toBe(journey.server.baseUrl)
  })
})

describe('signed in', () => {
  let context: BrowserContext
  let page: Page
  let cspViolations: () => string[]
  beforeAll(async () => {
    context = await newMobileContext(journey.browser, journey.server.baseUrl)
    await confirmOver18(context)
    cspViolations = await recordCspViolations(context)
    page = await context.newPage()
    await fakeUnread(page, { TC: 120, TN: 7 })
    await signUp(page, journey.smtp, uniqueEmail('shell'), 'Shell Fan')
  })
  afterAll(() => context.close())

  it('shows unread badges capped at 99+ and the become-host bubble once per session', async () => {
    await page.getByRole('link', { name: 'Messages, 99+ unread' }).waitFor()
    await page.getByRole('link', { name: 'Notifications, 7 unread' }).waitFor()
    const bubble = page.getByRole('status').filter({ hasText: ShellTexts.becomeHost.normal })
    await bubble.waitFor()
    await bubble.waitFor({ state: 'detached', timeout: Timing.becomeHostTipMs + 2_000 })
    await page.goto('/notifications')
    await page.getByRole('heading', { level: 1, name: 'Notifications' }).waitFor()
    await page.waitForTimeout(800)
    expect(await bubble.count()).toBe(0)
    expect(await storedItem(page, ShellStorageKeys.becomeHostShown, 'session')).toBe('1')
  })

  it('sends a viewer who taps publish to host verification, returning here', async () => {
    await page.goto('/notifications')
    await page.getByRole('button', { name: 'Publish' }).click()
    await expectUrl(page, '/creator_audit?redirect=%2Fnotifications')
  })

  it('sends a signed-in visitor from / and /login to /home, keeping the query of /', async () => {
    await page.goto('/?ref=abc')
    await expectUrl(page, '/home?ref=abc')
    await page.goto('/login')
    await expectUrl(page, '/home')
  })

  it('opens the create popup for a creator with show_create_post=1', async () => {
    await actAsCreator(page)
    await page.goto('/home?show_create_post=1')
    const sheet = page.getByRole('dialog', { name: ShellTexts.createPost.title })
    await sheet.waitFor()
    await sheet.getByRole('button', { name: new RegExp(ShellTexts.createPost.newPost) }).waitFor()
    await expectUrl(page, '/home')
    await page.keyboard.press('Escape')
    await sheet.waitFor({ state: 'detached' })
    await page.getByRole('button', { name: 'Publish' }).click()
    await sheet.waitFor()
    await page.keyboard.press('Escape')
    await page.unrouteAll({ behavior: 'ignoreErrors' })
    await fakeUnread(page, { TC: 120, TN: 7 })
  })

  it('reloads on the next route change once /v.json names a new version', async () => {
    await page.route(`**${VERSION_PATH}`, (route) =>
      route.fulfill({ contentType: 'application/json', body: JSON.stringify({ version: 'next-deploy' }) }),
    )
    await page.goto('/home')
    await page.getByRole('navigation', { name: 'Main' }).waitFor()
    await page.evaluate(() => {
      ;(window as unknown as { marker: boolean }).marker = true
      document.dispatchEvent(new Event('visibilitychange'))
    })
    await page.waitForTimeout(500)
    expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBe(true)
    await page.getByRole('link', { name: /^Notifications/ }).click()
    await waitUntil(
      'a reload',
      () =>
        page
          .evaluate(() => (window as unknown as { marker?: boolean }).marker ?? false)
          // The page is being replaced: not reloaded yet.
          .catch(() => true),
      (marker) => marker === false,
    )
    await expectUrl(page, '/notifications')
    await page.getByRole('navigation', { name: 'Main' }).waitFor()
    await page.unroute(`**${VERSION_PATH}`)
  })

  it('navigates from a side menu with badges on a desktop, with no bottom tab bar there', async () => {
    const desktop = await journey.browser.newContext({
      baseURL: journey.server.baseUrl,
      viewport: viewports.desktop,
      storageState: await context.storageState(),
    })
    const wide = await desktop.newPage()
    await fakeUnread(wide, { TC: 120, TN: 7 })
    await wide.goto('/home')
    const menu = wide.getByRole('navigation', { name: 'Main' })
    // The name is the visible label, then the count for screen readers (Chromium puts a space before the
    // hidden part: "Messages , 99+ unread").
    await menu.getByRole('link', { name: /^Messages ?, 99\+ unread$/ }).waitFor()
    await menu.getByRole('link', { name: /^Notifications ?, 7 unread$/ }).waitFor()
    // The badges' counts are in the links' names, and what the links show is in them too.
    expect(await seriousA11yViolations(wide)).toEqual([])
    // One main navigation: the tab bar is not drawn where the side menu is.
    expect(await wide.getByRole('navigation', { name: 'Main' }).count()).toBe(1)
    expect(await wide.locator('.v-tabbar').isVisible()).toBe(false)
    await menu.getByRole('link', { name: 'Wallet' }).click()
    await wide.waitForURL((url) => url.pathname === '/pay/wallet')
    // The menu stays on screens other than the tabs, and marks where the visitor is.
    await expect
      .poll(() => menu.getByRole('link', { name: 'Wallet' }).getAttribute('aria-current'))
      .toBe('page')
    await menu.getByRole('link', { name: 'Settings' }).click()
    await wide.getByRole('heading', { level: 1, name: 'Settings' }).waitFor()
    await saveShot(wide, 'shell', 'desktop-side-menu')
    await desktop.close()
    // A phone keeps the bottom tab bar and shows no side menu.
    await page.goto('/home')
    await page.locator('.v-tabbar').waitFor()
    expect(await page.locator('.v-sidenav').isVisible()).toBe(false)
  })

  it('has no serious accessibility issue at 414x896 and 1440x900', async () => {
    await page.goto('/home')
    await page.getByRole('navigation', { name: 'Main' }).waitFor()
    expect(await seriousA11yViolations(page)).toEqual([])
    const desktop = await journey.browser.newContext({
      baseURL: journey.server.baseUrl,
      viewport: viewports.desktop,
      storageState: await context.storageState(),
    })
    const wide = await desktop.newPage()
    await wide.goto('/home')
    await wide.getByRole('navigation', { name: 'Main' }).waitFor()
    await wide.getByRole('link', { name: 'Concierge Desk' }).waitFor()
    expect(await seriousA11yViolations(wide)).toEqual([])
    await wide.goto('/error/404')
    await wide.getByRole('heading', { level: 1 }).waitFor()
    expect(await seriousA11yViolations(wide)).toEqual([])
    await desktop.close()
  })

  it('loaded every page above (sign-up, home, notifications, the create popup) without a CSP violation', async () => {
    await page.reload()
    await page.getByRole('navigation', { name: 'Main' }).waitFor()
    expect(cspViolations()).toEqual([])
  })
})

describe('content security policy', () => {
  it('reports no violation when a guest loads the app', async () => {
    const { context, page } = await guestPage()
    const violations = await recordCspViolations(context)
    await page.goto('/login')
    await page.getByRole('alertdialog', { name: ShellTexts.ageGate.title }).waitFor()
    await page.goto('/error/404')
    await page.getByRole('heading', { level: 1 }).waitFor()
    expect(violations()).toEqual([])
    await context.close()
  })
})
