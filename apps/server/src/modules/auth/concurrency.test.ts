/**
 * E-mail codes under concurrency, through HTTP: a code's tries are counted before its guess is
 * compared, in one statement, so simultaneous guesses from many addresses cannot compare more than five;
 * the per-e-mail limits on sign-in attempts and code requests hold across addresses; issuing a code checks
 * and counts its limits under a lock, so a burst of requests issues one code. On PGlite and on PostgreSQL
 * (`npm run test:pg`); the per-e-mail limits through Redis are in `email-limits-redis.test.ts`.
 */
import { randomUUID } from 'node:crypto'
import { EmailCode, ErrorCodes, login, sendEmailCode } from '@velvet/contract'
import { and, desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { uniqueEmail } from '../../test/factories.ts'
import { startTestApp, type TestApp } from '../../test/harness.ts'
import { emailCodes } from './schema.ts'

let t: TestApp
beforeAll(async () => {
  t = await startTestApp()
})
afterAll(() => t.close())

const HOUR = 3_600_000

/** The i-th of many distinct addresses (RFC 2544 benchmarking range), never one the harness uses. */
const address = (i: number) => `198.18.${Math.floor(i / 250)}.${(i % 250) + 1}`

/** A fresh e-mail nobody used (also across runs: the per-e-mail limits may live in a shared Redis). */
const freshEmail = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}@example.test`

/** Six digits that are not `code`, a different one for each i. */
const wrongCode = (code: string, i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0')

async function newestCode(email: string) {
  const [row] = await t.database.db
    .select()
    .from(emailCodes)
    .where(and(eq(emailCodes.email, email), eq(emailCodes.purpose, 'login')))
    .orderBy(desc(emailCodes.id))
    .limit(1)
  if (!row) throw new Error(`no code for ${email}`)
  return row
}

const codesOf = (email: string) =>
  t.database.db.select({ id: emailCodes.id }).from(emailCodes).where(eq(emailCodes.email, email))

/** A wrong guess that was compared says how many tries are left (a refused one does not). */
const compared = (answer: { status: number; body: { error?: { code: number; message: string } } }) =>
  answer.status === 200 ||
  (answer.body.error?.code === ErrorCodes.CodeInvalid.code && / left\.$/.test(answer.body.error.message))

const tryCode = (email: string, code: string, i: number) =>
  t.call(login, { type: 'email', email, code }, { remoteAddress: address(i) })

describe('guessing a code from many addresses at once', () => {
  it('compares at most 5 of 100 simultaneous guesses, and refuses the right code until a new one is mailed', async () => {
    const email = freshEmail('burst')
    expect((await t.call(sendEmailCode, { email })).status).toBe(200)
    const right = t.smtp.codeFor(email)

    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => tryCode(email, wrongCode(right, i), i)),
    )
    expect(answers.filter((a) => a.status === 200)).toEqual([])
    // Every compared guess counted one try, and no more than five were counted.
    expect((await newestCode(email)).attempts).toBe(EmailCode.maxTries)
    // Four are told how many tries are left; the fifth wrong one locks the code (2003).
    expect(answers.filter(compared)).toHaveLength(EmailCode.maxTries - 1)

    const late = await tryCode(email, right, 100)
    expect(late.status).toBe(429)
    expect(
      late.body.error.code === ErrorCodes.CodeTooManyTries.code ||
        late.body.error.code === ErrorCodes.RateLimited.code,
    ).toBe(true)

    // A new code (once the e-mail's hourly sign-in attempts are spent) signs in.
    t.clock.advance(HOUR)
    expect((await t.call(sendEmailCode, { email })).status).toBe(200)
    expect((await tryCode(email, t.smtp.codeFor(email), 101)).status).toBe(200)
  })

  it('compares at most 5 of 30 wrong guesses sent at once with the right one', async () => {
    const email = freshEmail('mixed')
    await t.call(sendEmailCode, { email })
    const right = t.smtp.codeFor(email)
    // The right guess signs in only if it was among the first five tries taken; nothing past them is compared.
    const answers = await Promise.all([
      ...Array.from({ length: 30 }, (_, i) => tryCode(email, wrongCode(right, i), i)),
      tryCode(email, right, 30),
    ])
    expect(answers.filter((a) => a.status === 200).length).toBeLessThanOrEqual(1)
    expect(answers.filter(compared).length).toBeLessThanOrEqual(EmailCode.maxTries)
    expect((await newestCode(email)).attempts).toBeLessThanOrEqual(EmailCode.maxTries)
  })
})

describe('sign-in attempts per e-mail across addresses', () => {
  it(`allows ${EmailCode.loginAttemptsPerEmail[0].max} an hour and ${EmailCode.loginAttemptsPerEmail[1].max} a day, whichever addresses they come from`, async () => {
    const email = freshEmail('spread')
    const [hourly, daily] = EmailCode.loginAttemptsPerEmail
    let i = 0
    const attempt = () => tryCode(email, '000000', i++)
    for (let hour = 0; hour * hourly.max < daily.max; hour++) {
      for (let n = 0; n < hourly.max; n++)
        expect((await attempt()).body.error.code).toBe(ErrorCodes.CodeInvalid.code)
      const over = await attempt()
      expect(over.status).toBe(429)
      expect(over.body.error.code).toBe(ErrorCodes.RateLimited.code)
      t.clock.advance(HOUR)
    }
    // The day's attempts are spent: a fresh code does not help until the day is over.
    expect((await t.call(sendEmailCode, { email })).status).toBe(200)
    expect((await tryCode(email, t.smtp.codeFor(email), i++)).body.error.code).toBe(
      ErrorCodes.RateLimited.code,
    )
    t.clock.advance(24 * HOUR)
    expect((await t.call(sendEmailCode, { email })).status).toBe(200)
    expect((await tryCode(email, t.smtp.codeFor(email), i++)).status).toBe(200)
  })
})

describe('requesting codes at once', () => {
  it('mails one code for 20 simultaneous requests of one e-mail from 20 addresses', async () => {
    const email = freshEmail('flood')
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => t.call(sendEmailCode, { email }, { remoteAddress: address(i) })),
    )
    console.log(answers.map((a) => (a.status === 200 ? 200 : a.body.error.code)).join(','))
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1)
    expect(answers.filter((a) => a.status !== 200).every((a) => a.status === 429)).toBe(true)
    expect(await codesOf(email)).toHaveLength(1)
    expect(t.smtp.inbox.filter((mail) => mail.to.includes(email))).toHaveLength(1)
  })

  it(`issues at most ${EmailCode.perIpPerHour} codes an hour to one address, also when asked all at once`, async () => {
    const ip = '198.19.7.7'
    const emails = Array.from({ length: EmailCode.perIpPerHour + 10 }, () => uniqueEmail('oneip'))
    const answers = await Promise.all(
      emails.map((email) => t.call(sendEmailCode, { email }, { remoteAddress: ip })),
    )
    expect(answers.filter((a) => a.status === 200)).toHaveLength(EmailCode.perIpPerHour)
    expect(
      answers.filter((a) => a.status === 429).every((a) => a.body.error.code === ErrorCodes.RateLimited.code),
    ).toBe(true)
  })

  it(`counts every code request of an e-mail, refused ones too (${EmailCode.codeRequestsPerEmail[0].max} an hour)`, async () => {
    const email = freshEmail('asks')
    const { max } = EmailCode.codeRequestsPerEmail[0]
    const statuses: number[] = []
    for (let i = 0; i < max; i++)
      statuses.push((await t.call(sendEmailCode, { email }, { remoteAddress: address(i) })).status)
    // One code, then "wait a minute" for the rest.
    expect(statuses).toEqual([200, ...Array.from({ length: max - 1 }, () => 429)])
    t.clock.advance(EmailCode.resendAfterSeconds * 1000 + 1000)
    const over = await t.call(sendEmailCode, { email }, { remoteAddress: address(max) })
    expect(over.status).toBe(429)
    expect(over.body.error.code).toBe(ErrorCodes.RateLimited.code)
    t.clock.advance(HOUR)
    expect((await t.call(sendEmailCode, { email }, { remoteAddress: address(max + 1) })).status).toBe(200)
  })
})
