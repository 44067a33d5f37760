import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { unsubscribeSignature } from '../../apps/server/src/modules/account/links.ts'
import {
  accountInfo,
  addBlockedLocation,
  adultSettings,
  blockedLocations,
  Creator,
  EmailCode,
  ErrorCodes,
  legalDocuments,
  profileView,
  updateAdultSettings,
  updateEmailPreferences,
} from '../../packages/contract/src/index.ts'
import { sessionOf } from '../support/api.ts'
import {
  completeProfile,
  enterCode,
  expectUrl,
  mailCount,
  nextCode,
  requestCode,
  SessionCookies,
  seriousA11yViolations,
  signUp,
  storedUser,
  uniqueEmail,
  urlOf,
  waitUntil,
} from '../support/auth.ts'
import { confirmOver18, newMobileContext, viewports } from '../support/browser.ts'
import { becomeCreatorIn, openCreatorProfile } from '../support/creator.ts'
import { journeyFixture } from '../support/journey.ts'

/**
 * Settings and account (spec §2 Settings and account, Management; §5): /setting, adult settings, signed-in
 * devices, delete account, e-mail preferences and one-click unsubscribe, legal terms, blocked locations
 * and their enforcement by GeoIP. The server trusts X-Forwarded-For (TRUST_PROXY), so each browser
 * context says where it browses from; APP_SECRET is known here to sign unsubscribe links as the server does.
 */
const APP_SECRET = 'e2e-settings-app-secret-0123456789abcdef'
const journey = journeyFixture({ TRUST_PROXY: 'true', APP_SECRET, IDV_SANDBOX_DELAY_MS: '200' })

/** Addresses of geoip-lite's database (checked with its lookup): Newmarket GB, Syracuse NY, Germany, US. */
const IP = { gb: '81.2.69.142', ny: '24.24.24.24', de: '5.9.0.1', us: '8.8.8.8' } as const
const WINDOWS_CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36'
const BLOCKED_TEXT = ErrorCodes.BlockedLocation.message

interface Account {
  email: string
  nickname: string
  mailedAt: number
  page: Page
}

const kept: BrowserContext[] = []
const { api } = journey

/** An adult context kept for the file; the install-app card (tested in pwa.e2e.ts) was already dismissed. */
async function browsingFrom(ip: string | null, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  const context = await newMobileContext(journey.browser, journey.server.baseUrl, {
    ...(ip ? { extraHTTPHeaders: { 'x-forwarded-for': ip } } : {}),
    ...options,
  })
  await confirmOver18(context)
  await context.addInitScript(() => sessionStorage.setItem('velvet.install_prompt_dismissed', '1'))
  kept.push(context)
  return context
}

async function signedUp(tag: string, nickname: string, ip: string): Promise<Account> {
  const page = await (await browsingFrom(ip)).newPage()
  const email = uniqueEmail(tag)
  const mailedAt = await signUp(page, journey.smtp, email, nickname)
  return { email, nickname, mailedAt, page }
}

/** Signing in to the same e-mail again needs a new code, which the server allows a minute after the last. */
async function waitForNextCode(account: Account): Promise<void> {
  const wait = account.mailedAt + EmailCode.resendAfterSeconds * 1000 + 1000 - Date.now()
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
}

const h1 = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true })
const toggle = (page: Page, name: string) => page.getByRole('switch', { name, exact: true })
const checked = (page: Page, name: string) => toggle(page, name).getAttribute('aria-checked')

/** Flips a settings switch and waits for the server's answer to the change. */
async function flip(page: Page, name: string, path: string): Promise<void> {
  const before = await checked(page, name)
  const saved = page.waitForResponse((r) => new URL(r.url()).pathname === path && r.ok())
  await toggle(page, name).click()
  await saved
  await waitUntil(
    `${name} flipped`,
    () => checked(page, name),
    (now) => now !== before,
  )
}

let fan: Account
let devices: Account
let leaving: Account

beforeAll(async () => {
  // The two accounts that sign in a second time go first: their minute runs while the other tests do.
  devices = await signedUp('devices', 'Devices Fan', IP.ny)
  leaving = await signedUp('leaving', 'Leaving Fan', IP.ny)
  fan = await signedUp('settings', 'Settings Fan', IP.ny)
})
afterAll(async () => {
  await Promise.all(kept.map((context) => context.close().catch(() => undefined)))
})

describe('settings', () => {
  it('leads from each /setting row to its screen, and keeps the adult-content switches across a reload', async () => {
    const { page } = fan
    await page.goto('/setting')
    await h1(page, 'Settings').waitFor()
    const who = await sessionOf(page)
    await page.getByRole('link', { name: `Settings Fan @${who.userName}` }).waitFor()
    // A fan is invited to become a creator; the creator rows are not there.
    expect(await page.getByRole('link', { name: /^Creator tools/ }).count()).toBe(0)

    const rows: [RegExp, string, string][] = [
      [/^Account/, '/user/account', 'Account'],
      [/^Edit profile/, '/user/edit_profile', 'Edit profile'],
      [/^Adult content/, '/setting/adult_setting', 'Adult content'],
      [/^Blocked accounts/, '/user/blocked', 'Blocked accounts'],
      [/^Blocked locations/, '/privacy/safety/blocked_location', 'Blocked locations'],
      [/^Lists/, '/user/list', 'Lists'],
      [/^E-mail notifications/, '/manage/email/notification', 'E-mail notifications'],
      [/^Become a creator/, '/creator_audit?redirect=%2Fsetting', 'Become a creator'],
      [/^Legal terms/, '/manage/terms', 'Legal terms'],
      [/^Help and contact/, '/contact-us', 'Contact Us'],
    ]
    for (const [name, path, title] of rows) {
      await page.getByRole('link', { name }).click()
      await expectUrl(page, path)
      await h1(page, title).waitFor()
      await page.goBack()
      await h1(page, 'Settings').waitFor()
    }
    await page.getByRole('button', { name: 'Log out' }).waitFor()

    await page.getByRole('link', { name: /^Adult content/ }).click()
    await h1(page, 'Adult content').waitFor()
    expect([await checked(page, 'Show adult content'), await checked(page, 'Blur previews')]).toEqual([
      'true',
      'false',
    ])
    await flip(page, 'Show adult content', updateAdultSettings.path)
    await flip(page, 'Blur previews', updateAdultSettings.path)
    await page.reload()
    await toggle(page, 'Blur previews').waitFor()
    expect([await checked(page, 'Show adult content'), await checked(page, 'Blur previews')]).toEqual([
      'false',
      'true',
    ])
    expect(await api.call(adultSettings, undefined, who)).toEqual({
      show_adult_content: false,
      blur_previews: true,
    })
  })

  it('keeps e-mail choices across a reload; a signed unsubscribe link works without login and the account sees it; a tampered one is refused', async () => {
    const { page, email } = fan
    await page.goto('/manage/email/notification')
    await h1(page, 'E-mail notifications').waitFor()
    await page.getByText(email, { exact: true }).waitFor()
    await flip(page, 'New posts', updateEmailPreferences.path)
    await page.reload()
    await toggle(page, 'New posts').waitFor()
    expect([await checked(page, 'New posts'), await checked(page, 'Messages')]).toEqual(['false', 'true'])

    // The mail's link, opened by someone who is not signed in.
    const userId = (await sessionOf(page)).userId
    const link = (category: string, sig = unsubscribeSignature(APP_SECRET, userId, category)) =>
      `/manage/email/unsubscribe?u=${userId}&c=${category}&sig=${sig}`
    const guest = await (await browsingFrom(IP.de)).newPage()
    await guest.goto(link('messages'))
    await guest.getByRole('heading', { name: 'Unsubscribe from messages e-mails?' }).waitFor()
    const masked = `${email.slice(0, 1)}***@example.test`
    await guest.getByText(masked, { exact: true }).waitFor()
    expect(await guest.getByText(email).count()).toBe(0)
    await guest.getByRole('button', { name: 'Unsubscribe', exact: true }).click()
    await guest.getByRole('heading', { name: 'You’re unsubscribed from messages e-mails' }).waitFor()
    await page.reload()
    await waitUntil(
      'Messages off for the account',
      () => checked(page, 'Messages'),
      (v) => v === 'false',
    )

    await guest.getByRole('button', { name: 'Resubscribe', exact: true }).click()
    await guest.getByRole('heading', { name: 'You’re subscribed to messages again' }).waitFor()
    await page.reload()
    await waitUntil(
      'Messages on again',
      () => checked(page, 'Messages'),
      (v) => v === 'true',
    )
    expect(await checked(page, 'New posts')).toBe('false')
    expect((await guest.context().cookies()).map((c) => c.name)).not.toContain(SessionCookies.userToken)

    // The link of a category turned off in the settings says so.
    await guest.goto(link('new_posts'))
    await guest.getByRole('heading', { name: 'You’re unsubscribed from new posts e-mails' }).waitFor()
    await guest.getByRole('button', { name: 'Resubscribe', exact: true }).waitFor()

    // One character of the signature changed: the server refuses it (3021) and nothing is offered.
    const sig = unsubscribeSignature(APP_SECRET, userId, 'messages')
    await guest.goto(link('messages', `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`))
    await guest.getByRole('heading', { name: 'This link doesn’t work' }).waitFor()
    await guest.getByText(ErrorCodes.UnsubscribeLinkInvalid.message).waitFor()
    expect(await guest.getByRole('button', { name: /subscribe/i }).count()).toBe(0)
  })

  it('shows on /manage/terms the terms and privacy accepted at sign-up, and the creator agreement not accepted by a fan', async () => {
    const { page } = fan
    await page.goto('/manage/terms')
    await h1(page, 'Legal terms').waitFor()
    const terms = page.getByRole('link', { name: /^Terms of Service/ })
    const privacy = page.getByRole('link', { name: /^Privacy Policy/ })
    const agreement = page.getByRole('button', { name: /^Creator Agreement/ })
    for (const row of [terms, privacy]) {
      await row.waitFor()
      expect(await row.textContent()).toMatch(/Version 2026-11-22\s*Accepted \w/)
    }
    expect(await agreement.textContent()).toContain('Accepted when you become a creator')
    expect(await agreement.textContent()).toContain(`Version ${Creator.agreementVersion}`)

    const documents = (await api.call(legalDocuments, undefined, await sessionOf(page))).documents
    const acceptedAt = Object.fromEntries(documents.map((d) => [d.kind, d.accepted_at]))
    const signedUpAt = Math.floor(fan.mailedAt / 1000)
    expect(acceptedAt.terms).toBeGreaterThanOrEqual(signedUpAt - 5)
    expect(acceptedAt.privacy).toBeGreaterThanOrEqual(signedUpAt - 5)
    expect(acceptedAt.creator_agreement).toBeNull()
    expect(await terms.locator('time').getAttribute('datetime')).toBe(
      new Date((acceptedAt.terms ?? 0) * 1000).toISOString(),
    )

    // The creator agreement is read here; the terms open their own page.
    await agreement.click()
    const sheet = page.getByRole('dialog', { name: 'Creator Agreement' })
    await sheet.getByText(`Version ${Creator.agreementVersion}`, { exact: true }).waitFor()
    await sheet.getByRole('button', { name: 'Close', exact: true }).last().click()
    await sheet.waitFor({ state: 'detached' })
    await terms.click()
    await expectUrl(page, '/terms')
    await h1(page, 'Terms of Service').waitFor()
  })

  it('blocks a country and a US state through the sheet, refuses a duplicate, unblocks one; visitors from there get 30023, others see the profile', async () => {
    const owner = await signedUp('geo', 'Geo Creator', IP.ny)
    const { page } = owner
    const path = '/privacy/safety/blocked_location'
    const who = await becomeCreatorIn(page, api, path)
    await h1(page, 'Blocked locations').waitFor()
    await page.getByText('No blocked locations', { exact: true }).waitFor()
    await page.getByText('You’re browsing from New York, United States.').waitFor()

    const sheet = page.getByRole('dialog')
    const block = async (search: string, choice: string, state?: string) => {
      await page.getByRole('button', { name: 'Add location', exact: true }).click()
      await sheet.getByRole('searchbox', { name: 'Search countries' }).fill(search)
      await sheet.getByRole('button', { name: choice, exact: true }).click()
      if (state) {
        await sheet.getByRole('searchbox', { name: 'Search states' }).fill(state)
        await sheet.getByRole('button', { name: state, exact: true }).click()
      }
      const label = state ? `${state}, ${choice}` : choice
      await sheet.getByRole('button', { name: `Block ${label}`, exact: true }).click()
      await page.getByRole('button', { name: `Unblock ${label}`, exact: true }).waitFor()
      await sheet.waitFor({ state: 'detached' })
    }
    await block('united k', 'United Kingdom')
    // Blocking the state this browser is in warns first (the owner still sees their own profile).
    await page.getByRole('button', { name: 'Add location', exact: true }).click()
    await sheet.getByRole('searchbox', { name: 'Search countries' }).fill('united states')
    await sheet.getByRole('button', { name: 'United States', exact: true }).click()
    await sheet.getByRole('searchbox', { name: 'Search states' }).fill('new y')
    await sheet.getByRole('button', { name: 'New York', exact: true }).click()
    await sheet.getByText('You’re browsing from', { exact: false }).waitFor()
    await sheet.getByRole('button', { name: 'Block New York, United States', exact: true }).click()
    await page.getByRole('button', { name: 'Unblock New York, United States', exact: true }).waitFor()
    await block('germ', 'Germany')
    await page.getByRole('heading', { name: 'Blocked (3)' }).waitFor()

    // A duplicate cannot be picked in the sheet, and the server refuses it (3010).
    await page.getByRole('button', { name: 'Add location', exact: true }).click()
    await sheet.getByRole('searchbox', { name: 'Search countries' }).fill('united kingdom')
    const again = sheet.getByRole('button', { name: /^United Kingdom/ })
    expect(await again.isDisabled()).toBe(true)
    expect(await again.textContent()).toContain('Blocked')
    await page.keyboard.press('Escape')
    await sheet.waitFor({ state: 'detached' })
    const duplicate = await api.attempt(addBlockedLocation, { country: 'gb', region: null }, who)
    expect(duplicate).toMatchObject({ ok: false, code: ErrorCodes.LocationAlreadyBlocked.code })

    await page.getByRole('button', { name: 'Unblock Germany', exact: true }).click()
    await page.getByRole('heading', { name: 'Blocked (2)' }).waitFor()
    await page.reload()
    await page.getByRole('button', { name: 'Unblock United Kingdom', exact: true }).waitFor()
    expect(await page.getByRole('button', { name: 'Unblock Germany' }).count()).toBe(0)
    const stored = (await api.call(blockedLocations, undefined, who)).locations
    expect(stored.map((l) => [l.country, l.region]).sort()).toEqual([
      ['GB', null],
      ['US', 'NY'],
    ])

    // Visitors: from the United Kingdom and New York the profile does not exist; from Germany (unblocked)
    // and elsewhere in the United States it shows. The owner, in New York, still sees it.
    for (const ip of [IP.gb, IP.ny]) {
      const visitor = await (await browsingFrom(ip)).newPage()
      const answer = visitor.waitForResponse((r) => new URL(r.url()).pathname === profileView.path)
      await visitor.goto(`/@${who.userName}`)
      await h1(visitor, BLOCKED_TEXT).waitFor()
      const body = (await (await answer).json()) as { error?: { code: number }; data?: unknown }
      expect({ ip, code: body.error?.code, data: body.data }).toEqual({
        ip,
        code: ErrorCodes.BlockedLocation.code,
        data: undefined,
      })
      expect(await visitor.getByText(owner.nickname).count()).toBe(0)
      expect(await visitor.content()).not.toContain(owner.nickname)
    }
    for (const ip of [IP.de, IP.us]) {
      const visitor = await (await browsingFrom(ip)).newPage()
      await openCreatorProfile(visitor, who.userName, owner.nickname)
      expect(await h1(visitor, BLOCKED_TEXT).count()).toBe(0)
    }
    await page.goto(`/@${who.userName}`)
    // (A creator's name carries the verified mark, so the heading is more than the name.)
    await page.getByRole('heading', { level: 1, name: owner.nickname }).waitFor()
  })

  it('has no serious accessibility issue on /setting, /user/account and blocked locations, and sits in the centred column at 1440x900', async () => {
    const { page } = fan
    for (const [path, ready] of [
      ['/setting', 'Settings'],
      ['/user/account', 'Account'],
      ['/privacy/safety/blocked_location', 'Blocked locations'],
    ] as const) {
      await page.goto(path)
      await h1(page, ready).waitFor()
      const loading = page.getByRole('status', { name: /^Loading/ })
      await waitUntil(
        `${path} loaded`,
        () => loading.count(),
        (count) => count === 0,
      )
      expect({ path, violations: await seriousA11yViolations(page) }).toEqual({ path, violations: [] })
    }
    await page.getByRole('button', { name: 'Add location', exact: true }).click()
    await page.getByRole('searchbox', { name: 'Search countries' }).waitFor()
    await page.waitForTimeout(400)
    expect(await seriousA11yViolations(page)).toEqual([])

    const desktop = await browsingFrom(IP.ny, {
      viewport: viewports.desktop,
      isMobile: false,
      hasTouch: false,
      deviceScaleFactor: 1,
      storageState: await page.context().storageState(),
    })
    const wide = await desktop.newPage()
    await wide.goto('/setting')
    await h1(wide, 'Settings').waitFor()
    const box = await wide.getByRole('main').boundingBox()
    expect(box).not.toBeNull()
    const left = box?.x ?? 0
    const right = viewports.desktop.width - left - (box?.width ?? 0)
    expect(box?.width).toBeLessThan(640)
    expect(Math.abs(left - right)).toBeLessThanOrEqual(2)
    expect(await seriousA11yViolations(wide)).toEqual([])
  })

  it('lists a second device signed in to the account, and "Sign out other devices" signs it out there and then', async () => {
    await waitForNextCode(devices)
    const { page, email } = devices
    const other = await (await browsingFrom(IP.gb, { userAgent: WINDOWS_CHROME })).newPage()
    await other.goto('/login#step_2')
    const seen = mailCount(journey.smtp, email)
    await requestCode(other, email)
    await enterCode(other, await nextCode(journey.smtp, email, seen))
    await expectUrl(other, '/home', 15_000)
    // A new account's home greets it by name (the welcome card of the empty feed).
    await other.getByRole('heading', { name: devices.nickname, exact: true }).waitFor()
    const otherSession = await sessionOf(other)

    await page.goto('/user/account')
    await h1(page, 'Account').waitFor()
    await page.getByText(email, { exact: true }).waitFor()
    const thisDevice = page.locator('.v-account-session').filter({ hasText: 'This device' })
    await thisDevice.getByText(/^United States · Active now$/).waitFor()
    const row = page.locator('.v-account-session').filter({ hasText: 'Chrome on Windows' })
    await row.getByText(/^United Kingdom · Last used/).waitFor()
    await row.getByRole('button', { name: 'Sign out Chrome on Windows' }).waitFor()
    expect(await page.locator('.v-account-session').count()).toBe(2)

    await page.getByRole('button', { name: 'Sign out other devices', exact: true }).click()
    const dialog = page.getByRole('alertdialog', { name: 'Sign out other devices?' })
    await dialog.getByRole('button', { name: 'Sign out others', exact: true }).click()
    await page.getByText('1 device was signed out.').waitFor()
    await page.getByText('You are signed in on this device only.').waitFor()
    expect(await page.locator('.v-account-session').count()).toBe(1)
    await page.reload()
    await page.getByText('You are signed in on this device only.').waitFor()

    // The other device is told over its socket: it logs out locally and lands on /login, a guest again.
    await expectUrl(other, '/login', 10_000)
    await other.getByRole('button', { name: 'Continue with e-mail', exact: true }).waitFor()
    expect(await storedUser(other)).toBeNull()
    const cookies = (await other.context().cookies()).map((c) => c.name)
    expect(cookies).not.toContain(SessionCookies.userToken)
    const stale = await api.attempt(accountInfo, undefined, otherSession)
    expect(stale).toMatchObject({ ok: false, code: ErrorCodes.NotLoggedIn.code })
    const info = await api.call(accountInfo, undefined, await sessionOf(page))
    expect(info.sessions.map((s) => s.current)).toEqual([true])
  })

  it('deletes the account with an e-mailed code: /login, the profile is gone (30023), and the e-mail then makes a new account', async () => {
    const { page, email } = leaving
    const old = await sessionOf(page)
    await page.goto('/user/account')
    await page.getByRole('button', { name: 'Delete account', exact: true }).click()
    const sheet = page.getByRole('dialog', { name: 'Delete account' })
    await sheet.getByText('Every device is signed out, including this one.').waitFor()
    const seen = mailCount(journey.smtp, email)
    await sheet.getByRole('button', { name: 'E-mail me a code', exact: true }).click()
    await sheet.getByText(email, { exact: true }).waitFor()
    const code = await nextCode(journey.smtp, email, seen)
    expect(journey.smtp.inbox.at(-1)?.subject).toBe(`${code} is your Velvet code to delete your account`)
    await sheet.getByRole('textbox', { name: 'Verification code' }).fill(code)
    await sheet.getByRole('button', { name: 'Delete my account', exact: true }).click()
    await page.getByText('Your account was deleted.').waitFor()
    await expectUrl(page, '/login', 10_000)
    expect(await storedUser(page)).toBeNull()
    expect(await api.attempt(accountInfo, undefined, old)).toMatchObject({
      ok: false,
      code: ErrorCodes.NotLoggedIn.code,
    })

    await page.goto(`/@${old.userName}`)
    await h1(page, BLOCKED_TEXT).waitFor()
    expect(await page.getByText(leaving.nickname).count()).toBe(0)

    // Signing in with the same e-mail starts a new account from the sign-up steps.
    await waitForNextCode(leaving)
    await page.goto('/login#step_2')
    const again = mailCount(journey.smtp, email)
    await requestCode(page, email)
    await enterCode(page, await nextCode(journey.smtp, email, again))
    await expectUrl(page, '/login#step_4', 15_000)
    await page.getByRole('heading', { name: "When's your birthday?" }).waitFor()
    expect(await storedUser(page)).toMatchObject({ needs_profile: true })
    await completeProfile(page, 'Second Life')
    await page.getByRole('button', { name: 'Skip for now', exact: true }).click()
    await expectUrl(page, '/home')
    const fresh = await sessionOf(page)
    expect(fresh.userId).not.toBe(old.userId)
    expect(urlOf(page)).toBe('/home')
  })
})
