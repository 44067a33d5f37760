import {
  completeSignup,
  coreLogout,
  currentUser,
  EmailCode,
  ErrorCodes,
  login,
  logout,
  refresh,
  Session,
  sendEmailCode,
  signupAnonymous,
  usernameCheck,
} from '@velvet/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loginByEmail, makeAccount, makeGuest, uniqueEmail } from '../../test/factories.ts'
import { startTestApp, type TestApp } from '../../test/harness.ts'

let t: TestApp
beforeAll(async () => {
  t = await startTestApp()
})
afterAll(() => t.close())

describe('anonymous guests', () => {
  it('creates a guest of user type 3 whose token opens a session', async () => {
    const res = await t.call(signupAnonymous)
    expect(res.status).toBe(200)
    expect(res.body.result).toBe('ok')
    const { token, user_id } = res.body.data
    expect(token).toMatch(/^[\w-]{43}$/)
    const me = await t.call(currentUser, {}, { token })
    expect(me.body.data.user).toMatchObject({ user_id, user_type: 3, user_role: 0, needs_profile: false })
  })

  it('answers 1001 for an unknown token', async () => {
    const res = await t.call(currentUser, {}, { token: 'not-a-real-token' })
    expect(res.status).toBe(401)
    expect(res.body).toEqual({
      result: 'error',
      error: { code: ErrorCodes.NotLoggedIn.code, message: 'Please log in to continue' },
    })
  })
})

describe('e-mail codes', () => {
  it('rejects an invalid e-mail with the field and the rule', async () => {
    const res = await t.call(sendEmailCode, { email: 'not-an-email' })
    expect(res.status).toBe(400)
    expect(res.body.error.code).toBe(ErrorCodes.ValidationFailed.code)
    expect(res.body.error.message).toBe('Please enter a valid e-mail address.')
    expect(res.body.error.fields[0]).toMatchObject({ field: 'email' })
  })

  it('mails a 6-digit code over SMTP and limits resends per e-mail', async () => {
    const email = uniqueEmail()
    const first = await t.call(sendEmailCode, { email: email.toUpperCase() })
    expect(first.body.data).toEqual({ expires_in: 600, resend_after: 60 })
    expect(t.smtp.codeFor(email)).toMatch(/^\d{6}$/)

    const tooSoon = await t.call(sendEmailCode, { email })
    expect(tooSoon.status).toBe(429)
    expect(tooSoon.body.error.code).toBe(ErrorCodes.CodeResendTooSoon.code)
    // The answer says how long is left, for the screen's countdown.
    expect(tooSoon.headers['retry-after']).toBe('60')
    t.clock.advance(45_500)
    expect((await t.call(sendEmailCode, { email })).headers['retry-after']).toBe('15')

    for (let i = 1; i < EmailCode.perEmailPerHour; i++) {
      t.clock.advance(61_000)
      expect((await t.call(sendEmailCode, { email })).status).toBe(200)
    }
    t.clock.advance(61_000)
    const capped = await t.call(sendEmailCode, { email })
    expect(capped.status).toBe(429)
    expect(capped.body.error.code).toBe(ErrorCodes.RateLimited.code)
  })

  it('limits code requests per IP', async () => {
    const ip = '198.51.100.7'
    const statuses: number[] = []
    for (let i = 0; i <= EmailCode.perIpPerHour; i++) {
      statuses.push((await t.call(sendEmailCode, { email: uniqueEmail('ip') }, { remoteAddress: ip })).status)
      t.clock.advance(7_000)
    }
    expect(statuses.slice(0, EmailCode.perIpPerHour).every((s) => s === 200)).toBe(true)
    expect(statuses.at(-1)).toBe(429)
  })

  it('rejects a wrong code, counts tries and locks after five', async () => {
    const email = uniqueEmail()
    await t.call(sendEmailCode, { email })
    const right = t.smtp.codeFor(email)
    const wrong = right === '000000' ? '111111' : '000000'
    const first = await t.call(login, { type: 'email', email, code: wrong })
    expect(first.status).toBe(400)
    expect(first.body.error).toEqual({
      code: ErrorCodes.CodeInvalid.code,
      message: 'The code is not correct. 4 tries left.',
    })
    for (let i = 0; i < 3; i++) await t.call(login, { type: 'email', email, code: wrong })
    const fifth = await t.call(login, { type: 'email', email, code: wrong })
    expect(fifth.body.error.code).toBe(ErrorCodes.CodeTooManyTries.code)
    const afterLock = await t.call(login, { type: 'email', email, code: right })
    expect(afterLock.status).toBe(429)
    expect(afterLock.body.error.code).toBe(ErrorCodes.CodeTooManyTries.code)
  })

  it('rejects an expired code', async () => {
    const email = uniqueEmail()
    await t.call(sendEmailCode, { email })
    t.clock.advance(EmailCode.ttlSeconds * 1000 + 1000)
    const res = await t.call(login, { type: 'email', email, code: t.smtp.codeFor(email) })
    expect(res.body.error.code).toBe(ErrorCodes.CodeExpired.code)
  })

  it('accepts a code once, and only the newest code', async () => {
    const email = uniqueEmail()
    await t.call(sendEmailCode, { email })
    const old = t.smtp.codeFor(email)
    t.clock.advance(61_000)
    await t.call(sendEmailCode, { email })
    const fresh = t.smtp.codeFor(email)
    if (old !== fresh) {
      expect((await t.call(login, { type: 'email', email, code: old })).body.error.code).toBe(
        ErrorCodes.CodeInvalid.code,
      )
    }
    expect((await t.call(login, { type: 'email', email, code: fresh })).status).toBe(200)
    expect((await t.call(login, { type: 'email', email, code: fresh })).body.error.code).toBe(
      ErrorCodes.CodeInvalid.code,
    )
  })
})

describe('login', () => {
  it('turns the anonymous guest into the new account and revokes the guest token', async () => {
    const guest = await makeGuest(t)
    const session = await loginByEmail(t, uniqueEmail(), guest.token)
    expect(session.is_new).toBe(true)
    expect(session.user).toMatchObject({ user_id: guest.user_id, user_type: 0, needs_profile: true })
    expect((await t.call(currentUser, {}, { token: guest.token })).status).toBe(401)
    expect((await t.call(currentUser, {}, { token: session.ptoken })).body.data.user.user_id).toBe(
      guest.user_id,
    )
  })

  it('signs an existing account back in', async () => {
    const account = await makeAccount(t)
    const again = await loginByEmail(t, account.email, (await makeGuest(t)).token)
    expect(again.is_new).toBe(false)
    expect(again.user).toMatchObject({ user_id: account.userId, needs_profile: false })
  })
})

describe('sign-up completion', () => {
  async function newAccountToken() {
    const session = await loginByEmail(t, uniqueEmail())
    return session.ptoken
  }

  it('is refused to anonymous guests', async () => {
    const guest = await makeGuest(t)
    const res = await t.call(
      completeSignup,
      { birthday: '1990-01-01', user_name: 'guest_user', nickname: 'Guest' },
      { token: guest.token },
    )
    expect(res.status).toBe(403)
    expect(res.body.error.code).toBe(ErrorCodes.SignupNeedsLogin.code)
  })

  // 2015 is under 18 by any clock; 2008-06-02 is one day short of 18 on the test clock (2026-06-01).
  it.each(['2015-01-01', '2008-06-02'])('refuses a user born %s (under 18)', async (birthday) => {
    const token = await newAccountToken()
    const res = await t.call(
      completeSignup,
      { birthday, user_name: 'young_person', nickname: 'Young' },
      { token },
    )
    expect(res.status).toBe(400)
    expect(res.body.error.code).toBe(ErrorCodes.ValidationFailed.code)
    expect(res.body.error.message).toBe('Not available for users under 18.')
    expect(res.body.error.fields).toContainEqual(
      expect.objectContaining({ field: 'birthday', rule: 'birthday.adult' }),
    )
  })

  it('accepts a user who turns 18 today', async () => {
    const token = await newAccountToken()
    const res = await t.call(
      completeSignup,
      { birthday: '2008-06-01', user_name: 'just_adult', nickname: 'Adult' },
      { token },
    )
    expect(res.status).toBe(200)
  })

  it.each([
    ['abc12', 'username.min'],
    ['a'.repeat(31), 'username.max'],
    ['bad name!', 'username.charset'],
    ['trailing.', 'username.trailing_period'],
    ['myvelvetpage', 'username.brand'],
    ['OnlyFansStar', 'username.brand'],
  ])('rejects the username %s for %s', async (userName, rule) => {
    const token = await newAccountToken()
    const res = await t.call(
      completeSignup,
      { birthday: '1990-01-01', user_name: userName, nickname: 'Nick' },
      { token },
    )
    expect(res.status).toBe(400)
    expect(res.body.error.fields.map((f: { rule: string }) => f.rule)).toContain(rule)
  })

  it('rejects a nickname outside 2-40 characters', async () => {
    const token = await newAccountToken()
    const res = await t.call(
      completeSignup,
      { birthday: '1990-01-01', user_name: 'nick_tester', nickname: 'x' },
      { token },
    )
    expect(res.body.error.fields[0]).toMatchObject({ field: 'nickname', rule: 'nickname.min' })
  })

  it('keeps usernames unique regardless of case, and completes only once', async () => {
    const first = await newAccountToken()
    const ok = await t.call(
      completeSignup,
      { birthday: '1990-01-01', user_name: 'Unique_Name', nickname: 'One' },
      { token: first },
    )
    expect(ok.status).toBe(200)
    expect(ok.body.data.user).toMatchObject({
      user_name: 'Unique_Name',
      nickname: 'One',
      needs_profile: false,
    })

    expect((await t.call(usernameCheck, { user_name: 'unique_name' }, { token: first })).body.data).toEqual({
      available: false,
    })
    expect((await t.call(usernameCheck, { user_name: 'another_name' }, { token: first })).body.data).toEqual({
      available: true,
    })

    const second = await newAccountToken()
    const taken = await t.call(
      completeSignup,
      { birthday: '1990-01-01', user_name: 'UNIQUE_NAME', nickname: 'Two' },
      { token: second },
    )
    expect(taken.status).toBe(409)
    expect(taken.body.error.code).toBe(ErrorCodes.UsernameTaken.code)

    const again = await t.call(
      completeSignup,
      { birthday: '1990-01-01', user_name: 'other_name1', nickname: 'One' },
      { token: first },
    )
    expect(again.body.error.code).toBe(ErrorCodes.SignupAlreadyComplete.code)
  })
})

describe('sessions', () => {
  it('answers the session unchanged outside the window and rotates the token inside it', async () => {
    const account = await makeAccount(t)
    const early = await t.call(refresh, {}, { token: account.token })
    expect(early.status).toBe(200)
    expect(early.body.data).toMatchObject({ ptoken: account.token, refreshed: false })
    expect(early.body.data.token_expires_at).toBe(early.body.data.expires_at)

    t.clock.advance((Session.maxAgeSeconds - Session.refreshWindowSeconds + 60) * 1000)
    const renewed = await t.call(
      refresh,
      { user_info: { user_id: account.userId } },
      { token: account.token },
    )
    expect(renewed.status).toBe(200)
    expect(renewed.body.data.refreshed).toBe(true)
    expect(renewed.body.data.ptoken).not.toBe(account.token)
    expect(renewed.body.data.user.user_id).toBe(account.userId)
    expect((await t.call(currentUser, {}, { token: account.token })).status).toBe(401)
    const me = await t.call(currentUser, {}, { token: renewed.body.data.ptoken })
    expect(me.body.data.expires_at).toBe(renewed.body.data.expires_at)
  })

  it('expires a session after 60 days', async () => {
    const guest = await makeGuest(t)
    t.clock.advance(Session.maxAgeSeconds * 1000 + 1000)
    expect((await t.call(currentUser, {}, { token: guest.token })).body.error.code).toBe(
      ErrorCodes.NotLoggedIn.code,
    )
  })

  it.each([
    ['/api/auth/logout', logout],
    ['/fapi/core/auth/logout/', coreLogout],
  ])('revokes the session on %s', async (_path, call) => {
    const guest = await makeGuest(t)
    expect((await t.call(call, {}, { token: guest.token })).status).toBe(200)
    const after = await t.call(currentUser, {}, { token: guest.token })
    expect(after.status).toBe(401)
    expect((await t.call(refresh, {}, { token: guest.token })).body.error.code).toBe(
      ErrorCodes.NotLoggedIn.code,
    )
  })
})
