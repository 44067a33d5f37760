import AxeBuilder from '@axe-core/playwright'
import type { BrowserContext, Locator, Page } from 'playwright-core'
import type { startSmtpServer } from '../../apps/server/src/test/smtp.ts'
import {
  ErrorBody,
  Headers,
  latestAdultBirthYear,
  SessionCookies,
} from '../../packages/contract/src/index.ts'

/** Helpers of the sign-in / sign-up journeys (journeys/*.e2e.ts). */
export type SmtpServer = Awaited<ReturnType<typeof startSmtpServer>>

/**
 * The session cookies the server sets (the tokens HttpOnly: a page cannot read them, the browser context
 * can), and the keys apps/web/src/features/auth/session.ts and signup-flow.ts keep in storage.
 */
export { SessionCookies }
export const StorageKeys = {
  anonymousUser: 'velvet.anonymous_user',
  user: 'velvet.user',
  expiresAt: 'velvet.token_expires_at',
  /** sessionStorage */
  signupFlow: 'velvet.signup_flow',
} as const

let serial = 0
const unique = () => `${Date.now().toString(36)}${(serial++).toString(36)}`

/** A fresh address for each test: the server allows one code per e-mail a minute. */
export const uniqueEmail = (tag: string) => `${tag}.${unique()}@example.test`
export const uniqueUsername = () => `fan_${unique()}`

/** Path, query and hash of the page, e.g. `/login?redirect=%2Fhome#step_4`. */
export function urlOf(page: Page): string {
  const { pathname, search, hash } = new URL(page.url())
  return `${pathname}${search}${hash}`
}

/**
 * Polls `read` until `done` holds, else throws with the last value. Unlike expect.poll it also works in
 * beforeAll (the account made there).
 */
export async function waitUntil<T>(
  what: string,
  read: () => T | Promise<T>,
  done: (value: T) => boolean,
  timeout = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeout
  for (;;) {
    const value = await read()
    if (done(value)) return value
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)} after ${timeout} ms`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/** Waits until the page is at `expected` (path, query and hash). */
export async function expectUrl(page: Page, expected: string, timeout = 10_000): Promise<void> {
  await waitUntil(
    `URL should be ${expected}`,
    () => urlOf(page),
    (url) => url === expected,
    timeout,
  )
}

const expectHash = (page: Page, hash: string, timeout = 10_000) =>
  waitUntil(
    `hash should be ${hash}`,
    () => new URL(page.url()).hash,
    (h) => h === hash,
    timeout,
  )

export async function cookieNames(context: BrowserContext): Promise<string[]> {
  return (await context.cookies()).map((cookie) => cookie.name)
}

export function storedItem(page: Page, key: string, area: 'local' | 'session' = 'local') {
  return page.evaluate(([k, a]) => (a === 'local' ? localStorage : sessionStorage).getItem(k), [
    key,
    area,
  ] as const)
}

/** The stored signed-in user (localStorage velvet.user), parsed. */
export async function storedUser(page: Page): Promise<{ user_id: number; needs_profile: boolean } | null> {
  const raw = await storedItem(page, StorageKeys.user)
  return raw === null ? null : (JSON.parse(raw) as { user_id: number; needs_profile: boolean })
}

/** axe-core's serious and critical findings, as `rule: selectors` (an empty list passes). */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze()
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

export interface ApiCall {
  method: string
  path: string
  status: number
  /** 0 for `result: ok`, the error code otherwise (null when the body was not an envelope). */
  code: number | null
  /** The `ts` the request was signed with (query or JSON body). */
  ts: number | null
  /** The server clock the answer carried (x-server-ts). */
  serverTs: number | null
  /** What was sent (JSON body) and what came back (the envelope's `data`). */
  sent: unknown
  data: unknown
}

function field(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined
}

/** Records every /api and /fapi answer the page gets, in the order they arrive. */
export function recordApiCalls(page: Page): () => Promise<ApiCall[]> {
  const calls: Promise<ApiCall>[] = []
  page.on('response', (response) => {
    const url = new URL(response.url())
    if (!url.pathname.startsWith('/api/') && !url.pathname.startsWith('/fapi/')) return
    const request = response.request()
    let sent: unknown = null
    try {
      sent = request.postDataJSON()
    } catch {
      // Not JSON (multipart upload) or no body.
    }
    const ts = Number(url.searchParams.get('ts') ?? field(sent, 'ts') ?? Number.NaN)
    const serverTs = Number(response.headers()[Headers.serverTs] ?? Number.NaN)
    calls.push(
      response
        .json()
        .then((body: unknown) => body)
        .catch(() => null)
        .then((body) => {
          const error = ErrorBody.safeParse(body)
          const ok = field(body, 'result') === 'ok'
          return {
            method: request.method(),
            path: url.pathname,
            status: response.status(),
            code: ok ? 0 : error.success ? error.data.error.code : null,
            ts: Number.isFinite(ts) ? ts : null,
            serverTs: Number.isFinite(serverTs) ? serverTs : null,
            sent,
            data: field(body, 'data'),
          }
        }),
    )
  })
  return () => Promise.all(calls)
}

/** How many mails `email` has received so far (pass it to nextCode before asking for another code). */
export const mailCount = (smtp: SmtpServer, email: string) =>
  smtp.inbox.filter((mail) => mail.to.includes(email)).length

/** Waits for a mail to `email` beyond the first `seen` ones and returns its code. */
export async function nextCode(smtp: SmtpServer, email: string, seen = 0): Promise<string> {
  await waitUntil(
    `a new mail to ${email}`,
    () => mailCount(smtp, email),
    (count) => count > seen,
  )
  return smtp.codeFor(email)
}

/** On #step_2: types the e-mail and sends the code; resolves on #step_3. */
export async function requestCode(page: Page, email: string): Promise<void> {
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email)
  await page.getByRole('button', { name: 'Send code', exact: true }).click()
  await expectHash(page, '#step_3')
}

/** On #step_3: types the code (the step submits by itself once six digits are in). */
export async function enterCode(page: Page, code: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Verification code', exact: true }).fill(code)
}

export interface PickedDate {
  year: string
  /** 01-12 */
  month: string
  /** 01-31 */
  day: string
}

/** On #step_4: picks the birthday in the three lists and presses Continue. */
export async function chooseBirthday(page: Page, date: PickedDate): Promise<void> {
  await page.getByLabel('Month', { exact: true }).selectOption(date.month)
  await page.getByLabel('Day', { exact: true }).selectOption(date.day)
  await page.getByLabel('Year', { exact: true }).selectOption(date.year)
  await page.getByRole('button', { name: 'Continue', exact: true }).click()
}

/** From #step_4 of an account that needs a profile: birthday, username, display name; ends on #step_7. */
export async function completeProfile(page: Page, nickname: string): Promise<void> {
  await chooseBirthday(page, { year: '1994', month: '03', day: '09' })
  await expectHash(page, '#step_5')
  await page.getByRole('textbox', { name: 'Username', exact: true }).fill(uniqueUsername())
  await page.getByText('This username is available.').waitFor()
  await page.getByRole('button', { name: 'Continue', exact: true }).click()
  await expectHash(page, '#step_6')
  await page.getByRole('textbox', { name: 'Display name', exact: true }).fill(nickname)
  await page.getByRole('button', { name: 'Create account', exact: true }).click()
  await expectHash(page, '#step_7', 15_000)
}

/**
 * A whole e-mail sign-up in `page` (picture skipped), ending on /home with the account shown.
 * Returns when the code was mailed (Date.now()), for a test that signs in to this e-mail again.
 */
export async function signUp(page: Page, smtp: SmtpServer, email: string, nickname: string): Promise<number> {
  await page.goto('/login#step_2')
  await requestCode(page, email)
  const mailedAt = Date.now()
  await enterCode(page, await nextCode(smtp, email))
  await expectUrl(page, '/login#step_4', 15_000)
  await completeProfile(page, nickname)
  await page.getByRole('button', { name: 'Skip for now', exact: true }).click()
  await expectUrl(page, '/home')
  await page.getByRole('heading', { name: nickname, exact: true }).waitFor()
  return mailedAt
}

/**
 * Waits until the element's finite CSS animations (an entrance fade, a slide) have finished: an accessibility
 * check in the middle of a fade-in measures half-transparent colours. Endless ones (a pulse) are left alone.
 */
export async function settleAnimations(locator: Locator): Promise<void> {
  await locator.evaluate((element) =>
    Promise.all(
      element
        .getAnimations({ subtree: true })
        .filter((animation) => animation.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  )
}

/**
 * A birthday the sign-up picker offers whose owner is not 18 yet: Dec 31 of the latest year offered is 18
 * years ago to the day only on Dec 31 (then the year before is offered as the latest and nobody under 18 can
 * be picked at all, which is what the picker is for). Answers null on that one day.
 */
export function underageBirthdayOffered(
  now = new Date(),
): { year: string; month: string; day: string } | null {
  const year = latestAdultBirthYear(now)
  const turns18 = Date.UTC(year + 18, 11, 31)
  // Two days of margin for the browser's time zone against UTC.
  if (turns18 - now.getTime() < 2 * 86_400_000) return null
  return { year: String(year), month: '12', day: '31' }
}
