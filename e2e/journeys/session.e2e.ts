import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { EmailCode, ErrorCodes } from '../../packages/contract/src/index.ts'
import {
  type ApiCall,
  completeProfile,
  cookieNames,
  enterCode,
  expectUrl,
  mailCount,
  nextCode,
  recordApiCalls,
  requestCode,
  SessionCookies,
  StorageKeys,
  seriousA11yViolations,
  signUp,
  storedItem,
  storedUser,
  uniqueEmail,
  urlOf,
} from '../support/auth.ts'
import { journeyFixture } from '../support/journey.ts'

const journey = journeyFixture()

/**
 * A complete account made before the tests. Signing in to it again needs a second code, which the server
 * allows a minute after the first: its test runs last, when that minute has (almost always) gone by.
 */
const existing = { email: uniqueEmail('existing'), nickname: 'Existing Fan', mailedAt: 0 }

beforeAll(async () => {
  existing.mailedAt = await signUp(await journey.newPage(), journey.smtp, existing.email, existing.nickname)
})

const SIGNUP_ANONYMOUS = '/fapi/core/auth/signup_anonymous/'
const heading = (page: Page, name: string) => page.getByRole('heading', { name, exact: true })

describe('web client session against the real server', () => {
  it('has no serious or critical axe violations on the first screens a visitor sees', async () => {
    const page = await journey.newPage()
    for (const [url, ready] of [
      ['/login', 'Continue with e-mail'],
      ['/login#step_2', 'Send code'],
      ['/home', 'Sign up / Log in'],
      ['/no-such-page', 'Go back'],
    ] as const) {
      await page.goto(url)
      await page.getByText(ready, { exact: true }).first().waitFor()
      expect({ url, violations: await seriousA11yViolations(page) }).toEqual({ url, violations: [] })
    }
  })

  it('corrects a device clock 2 h slow: the first call gets 1011 and is retried with the server time', async () => {
    const page = await journey.newPage()
    const calls = recordApiCalls(page)
    const skewSeconds = 2 * 3600
    await page.clock.install({ time: Date.now() - skewSeconds * 1000 })
    await page.goto('/login')
    await page.getByRole('button', { name: 'Continue with e-mail', exact: true }).waitFor()
    // Settled: the guest exists and every call refused for the clock has had its second attempt.
    const settled = (all: ApiCall[]) =>
      all.some((c) => c.path === SIGNUP_ANONYMOUS && c.code === 0) &&
      all.every(
        (c, i) => c.code !== ErrorCodes.ClockSkew.code || all.slice(i + 1).some((r) => r.path === c.path),
      )
    await expect.poll(async () => settled(await calls())).toBe(true)

    const before = await calls()
    const now = Math.floor(Date.now() / 1000)
    const first = before[0]
    // The first call was signed with the slow clock, refused with the server's clock, and signed again.
    expect(first?.code).toBe(ErrorCodes.ClockSkew.code)
    expect(now - (first?.ts ?? now)).toBeGreaterThan(skewSeconds - 60)
    expect(Math.abs((first?.serverTs ?? 0) - now)).toBeLessThan(30)
    for (const [index, skewed] of before.entries()) {
      if (skewed.code !== ErrorCodes.ClockSkew.code) continue
      const retry = before.slice(index + 1).find((call) => call.path === skewed.path)
      expect(retry, `retry of ${skewed.path}`).toMatchObject({ code: 0 })
      expect(Math.abs((retry?.ts ?? 0) - now)).toBeLessThan(30)
    }
    // The guest the server created is the one the client keeps.
    const guest = before.filter((c) => c.path === SIGNUP_ANONYMOUS).at(-1)
    expect(guest?.code).toBe(0)
    await expect.poll(() => cookieNames(page.context())).toContain(SessionCookies.anonymousToken)
    const kept = JSON.parse((await storedItem(page, StorageKeys.anonymousUser)) ?? 'null') as unknown
    expect(kept).toMatchObject({ user_id: (guest?.data as { user_id: number } | undefined)?.user_id })
    expect(await page.getByText(ErrorCodes.ClockSkew.message).count()).toBe(0)

    // Later calls are signed with the corrected clock straight away: sending a code needs no retry.
    const email = uniqueEmail('skew')
    await page.getByRole('button', { name: 'Continue with e-mail', exact: true }).click()
    await requestCode(page, email)
    const sends = (await calls()).filter((c) => c.path === '/fapi/core/auth/email/send_code/')
    expect(sends.map((c) => c.code)).toEqual([0])
    expect(await nextCode(journey.smtp, email)).toMatch(/^\d{6}$/)
  })

  it('keeps the e-mail when the code step is reloaded, and that code still signs in', async () => {
    const page = await journey.newPage()
    const email = uniqueEmail('reload')
    await page.goto('/login#step_2')
    await requestCode(page, email)
    await page.reload()
    await expectUrl(page, '/login#step_3')
    await heading(page, 'Check your inbox').waitFor()
    await page.getByText(email, { exact: true }).waitFor()
    await page.getByText(/^Resend code in 0:\d\d$/).waitFor()

    const calls = recordApiCalls(page)
    await enterCode(page, await nextCode(journey.smtp, email))
    await expectUrl(page, '/login#step_4', 15_000)
    const login = (await calls()).find((c) => c.path === '/api/auth/login')
    expect(login).toMatchObject({ code: 0, sent: { type: 'email', email } })
  })

  it('resumes an unfinished sign-up at #step_4, keeping where the user was going as redirect', async () => {
    const page = await journey.newPage()
    await page.goto('/login#step_2')
    const email = uniqueEmail('resume')
    await requestCode(page, email)
    await enterCode(page, await nextCode(journey.smtp, email))
    await expectUrl(page, '/login#step_4', 15_000)
    // Signed in as an account that still needs a profile; the guest token is gone.
    expect(await storedUser(page)).toMatchObject({ needs_profile: true })
    const cookies = await cookieNames(page.context())
    expect(cookies).toEqual(expect.arrayContaining([SessionCookies.userToken, SessionCookies.userId]))
    expect(cookies).not.toContain(SessionCookies.anonymousToken)

    await page.goto('/home')
    await expectUrl(page, '/login#step_4')
    await heading(page, "When's your birthday?").waitFor()
    await page.goto('/no-such-page?x=1')
    const resume = '/login?redirect=%2Fno-such-page%3Fx%3D1'
    await expectUrl(page, `${resume}#step_4`)
    await heading(page, "When's your birthday?").waitFor()

    // The redirect goes along through the steps and is followed once the picture step is done.
    await completeProfile(page, 'Resumed Fan')
    await expectUrl(page, `${resume}#step_7`)
    await page.getByRole('button', { name: 'Skip for now', exact: true }).click()
    await expectUrl(page, '/no-such-page?x=1')
    await heading(page, 'This page could not be found').waitFor()
    expect(await storedUser(page)).toMatchObject({ needs_profile: false })
  })

  it('keeps a just-finished sign-up on #step_7 until "Skip for now", then goes /home', async () => {
    const page = await journey.newPage()
    await page.goto('/login#step_2')
    const email = uniqueEmail('picture')
    await requestCode(page, email)
    await enterCode(page, await nextCode(journey.smtp, email))
    await expectUrl(page, '/login#step_4', 15_000)
    await completeProfile(page, 'Picture Fan')
    await expectUrl(page, '/login#step_7')
    expect(await storedUser(page)).toMatchObject({ needs_profile: false })

    await page.reload()
    await heading(page, 'Add a profile picture').waitFor()
    await expectUrl(page, '/login#step_7')
    await page.goto('/login')
    await expectUrl(page, '/login#step_7')
    await page.getByRole('button', { name: 'Skip for now', exact: true }).click()
    await expectUrl(page, '/home')
    await heading(page, 'Picture Fan').waitFor()
    expect(await storedItem(page, StorageKeys.signupFlow, 'session')).toBeNull()
    // Skipped once, /login no longer holds the account back.
    await page.goto('/login')
    await expectUrl(page, '/home')
  })

  it('sends a signed-in user from / to /home, keeping the query', async () => {
    const page = await journey.newPage()
    // A guest stays on the welcome step.
    await page.goto('/?utm=mail')
    await page.getByRole('button', { name: 'Continue with e-mail', exact: true }).waitFor()
    expect(urlOf(page)).toBe('/?utm=mail')

    await signUp(page, journey.smtp, uniqueEmail('utm'), 'Utm Fan')
    await page.goto('/?utm=mail&x=1')
    await expectUrl(page, '/home?utm=mail&x=1')
    await heading(page, 'Utm Fan').waitFor()
  })

  it('sends a signed-in user opening /login?redirect= to that place, and /login alone to /home', async () => {
    const page = await journey.newPage()
    await signUp(page, journey.smtp, uniqueEmail('redirect'), 'Redirect Fan')
    await page.goto('/login?redirect=%2Fno-such-page%3Fa%3D1')
    await expectUrl(page, '/no-such-page?a=1')
    await heading(page, 'This page could not be found').waitFor()
    await page.goto('/login')
    await expectUrl(page, '/home')
    await heading(page, 'Redirect Fan').waitFor()
  })

  it('keeps the session out of scripts’ reach, signed in across a reload without an error, and logout clears it', async () => {
    const page = await journey.newPage()
    const bearers = new Set<string>()
    page.on('request', (request) => {
      const authorization = request.headers().authorization
      if (authorization?.startsWith('Bearer ')) bearers.add(authorization.slice('Bearer '.length))
    })
    await signUp(page, journey.smtp, uniqueEmail('cookie'), 'Cookie Fan')
    const session = (await page.context().cookies()).find((c) => c.name === SessionCookies.userToken)
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth/refresh' })

    // What a script on the page (an XSS) can read: readable cookies, localStorage, sessionStorage.
    const readable = await page.evaluate(() => {
      const values = [document.cookie]
      for (const area of [localStorage, sessionStorage])
        for (let i = 0; i < area.length; i++) values.push(area.getItem(area.key(i) ?? '') ?? '')
      return values.join('\n')
    })
    expect(bearers.size).toBeGreaterThan(0)
    for (const token of [session?.value ?? '-', ...bearers]) expect(readable).not.toContain(token)
    // The page's bearer is a short-lived page token, never the session token.
    expect([...bearers].filter((token) => !token.startsWith('p1.'))).toEqual([])

    // A plain reload: still signed in; the cookie is exchanged once, answered 200; nothing red in the console.
    const errors: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text())
    })
    page.on('pageerror', (error) => errors.push(error.message))
    const calls = recordApiCalls(page)
    await page.reload()
    await heading(page, 'Cookie Fan').waitFor()
    await page.waitForLoadState('networkidle')
    const answered = await calls()
    expect(answered.filter((c) => c.path === '/api/auth/refresh').map((c) => c.status)).toEqual([200])
    expect(answered.filter((c) => c.status >= 400).map((c) => `${c.path} ${c.status}`)).toEqual([])
    expect(errors).toEqual([])

    await page.getByRole('button', { name: 'Log out', exact: true }).click()
    await expectUrl(page, '/login')
    const cookies = await cookieNames(page.context())
    expect(cookies).not.toContain(SessionCookies.userToken)
    expect(cookies).not.toContain(SessionCookies.userId)
  })

  it('logs out locally when the server no longer knows the token (1001) and opens /login', async () => {
    const page = await journey.newPage()
    await signUp(page, journey.smtp, uniqueEmail('revoked'), 'Revoked Fan')
    // A second tab's copy of this session; then this one logs out, so the server revokes the token.
    const copy = await page.context().storageState()
    await page.getByRole('button', { name: 'Log out', exact: true }).click()
    await expectUrl(page, '/login')

    const stale = await journey.newPage({ storageState: copy })
    const calls = recordApiCalls(stale)
    await stale.goto('/home')
    await expectUrl(stale, '/login')
    await stale.getByRole('button', { name: 'Continue with e-mail', exact: true }).waitFor()
    const unauthorized = (await calls()).filter((c) => c.code === ErrorCodes.NotLoggedIn.code)
    expect(unauthorized.map((c) => c.path)).toContain('/api/auth/refresh')
    const cookies = await cookieNames(stale.context())
    expect(cookies).not.toContain(SessionCookies.userToken)
    expect(cookies).not.toContain(SessionCookies.userId)
    expect(await storedItem(stale, StorageKeys.user)).toBeNull()
    expect(await storedItem(stale, StorageKeys.expiresAt)).toBeNull()
    // ...and carries on as a new guest.
    await expect.poll(() => cookieNames(stale.context())).toContain(SessionCookies.anonymousToken)
  })

  // Last: by now the resend interval of the code mailed in beforeAll has (almost always) passed.
  it('takes an existing account from the code step straight to the redirect', async () => {
    const wait = existing.mailedAt + EmailCode.resendAfterSeconds * 1000 + 1000 - Date.now()
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))

    const page = await journey.newPage()
    const calls = recordApiCalls(page)
    const visited: string[] = []
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(urlOf(page))
    })
    await page.goto('/login?redirect=%2Fhome%3Ffrom%3Dmail#step_2')
    const seen = mailCount(journey.smtp, existing.email)
    await requestCode(page, existing.email)
    await enterCode(page, await nextCode(journey.smtp, existing.email, seen))
    await expectUrl(page, '/home?from=mail', 15_000)
    await heading(page, existing.nickname).waitFor()

    const login = (await calls()).find((c) => c.path === '/api/auth/login')
    expect(login).toMatchObject({ code: 0, data: { is_new: false, user: { needs_profile: false } } })
    expect(visited).toContain('/login?redirect=%2Fhome%3Ffrom%3Dmail#step_3')
    expect(visited.filter((url) => /#step_[4-7]$/.test(url))).toEqual([])
  })
})
