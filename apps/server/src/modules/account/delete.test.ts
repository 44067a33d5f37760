import {
  accountInfo,
  currentUser,
  deleteAccount,
  ErrorCodes,
  followUser,
  login,
  profileView,
  SocketChannels,
  sendDeleteAccountCode,
  sendEmailCode,
} from '@velvet/contract'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { deleteCodeFor } from '../../test/account-factories.ts'
import { loginByEmail, makeAccount, makeGuest } from '../../test/factories.ts'
import { startTestApp, type TestApp } from '../../test/harness.ts'
import { collect, connectSocket } from '../../test/sockets.ts'
import { users } from '../auth/schema.ts'

let t: TestApp
let baseUrl: string
beforeAll(async () => {
  t = await startTestApp()
  baseUrl = await t.listen()
})
afterAll(() => t.close())

describe('delete account', () => {
  it('mails a delete code with its own subject and answers where it went', async () => {
    const me = await makeAccount(t)
    const res = await t.call(sendDeleteAccountCode, {}, { token: me.token })
    expect(res.body.data).toEqual({ email: me.email, expires_in: 600, resend_after: 60 })
    expect(t.smtp.inbox.at(-1)?.subject).toMatch(/^\d{6} is your Velvet code to delete your account$/)
    const again = await t.call(sendDeleteAccountCode, {}, { token: me.token })
    expect(again.body.error.code).toBe(ErrorCodes.CodeResendTooSoon.code)
  })

  it('refuses a wrong code and keeps the account', async () => {
    const me = await makeAccount(t)
    const code = await deleteCodeFor(t, me.token, me.email)
    const wrong = code === '000000' ? '111111' : '000000'
    const res = await t.call(deleteAccount, { code: wrong }, { token: me.token })
    expect(res.status).toBe(400)
    expect(res.body.error.code).toBe(ErrorCodes.CodeInvalid.code)
    expect((await t.call(currentUser, {}, { token: me.token })).status).toBe(200)
  })

  it('does not take a sign-in code, and a delete code does not sign in', async () => {
    const me = await makeAccount(t)
    await t.call(sendEmailCode, { email: me.email })
    const loginCode = t.smtp.codeFor(me.email)
    const refused = await t.call(deleteAccount, { code: loginCode }, { token: me.token })
    expect(refused.body.error.code).toBe(ErrorCodes.CodeInvalid.code)

    t.clock.advance(61_000)
    const deleteCode = await deleteCodeFor(t, me.token, me.email)
    const signIn = await t.call(login, { type: 'email', email: me.email, code: deleteCode })
    expect(signIn.status).toBe(400)
    expect(signIn.body.error.code).toBe(ErrorCodes.CodeInvalid.code)
    // The sign-in code is still the newest of its purpose and still signs in.
    const ok = await t.call(login, { type: 'email', email: me.email, code: loginCode })
    expect(ok.status).toBe(200)
  })

  it('deletes with the code: sessions end with signout, personal fields are cleared, the name is free', async () => {
    const me = await makeAccount(t)
    const other = await loginByEmail(t, me.email)
    t.clock.advance(61_000)
    const fan = await makeAccount(t)
    expect((await t.call(followUser, { user_id: me.userId }, { token: fan.token })).status).toBe(200)
    const before = await t.call(profileView, { user_id: fan.userId }, { token: fan.token })
    expect(before.body.data.profile.counts.following).toBe(1)
    const socket = await connectSocket(baseUrl, { token: other.ptoken })
    const signouts = collect(socket, SocketChannels.signout)

    const code = await deleteCodeFor(t, me.token, me.email)
    const deletedAt = t.clock.now()
    const res = await t.call(deleteAccount, { code }, { token: me.token })
    expect(res.status).toBe(200)
    expect(res.body.data).toEqual({})
    expect((await signouts.next()).body).toEqual({ reason: 'deleted' })
    socket.close()

    for (const token of [me.token, other.ptoken]) {
      expect((await t.call(currentUser, {}, { token })).status).toBe(401)
    }
    const viewer = await makeAccount(t)
    const profile = await t.call(profileView, { user_name: me.userName }, { token: viewer.token })
    expect(profile.status).toBe(404)
    // Gone from the social graph too: the fan no longer counts it as followed.
    const fanProfile = await t.call(profileView, { user_id: fan.userId }, { token: fan.token })
    expect(fanProfile.body.data.profile.counts.following).toBe(0)

    // The row stays (ids are referenced) with nothing personal left.
    const [row] = await t.database.db.select().from(users).where(eq(users.id, me.userId))
    expect(row).toMatchObject({
      email: null,
      googleSub: null,
      birthday: null,
      nickname: null,
      bio: '',
      portrait: null,
      userName: null,
      emailOptOuts: {},
    })
    expect(row?.deletedAt).toEqual(deletedAt)

    // The e-mail address can open a new, different account.
    const fresh = await loginByEmail(t, me.email)
    expect(fresh.is_new).toBe(true)
    expect(fresh.user.user_id).not.toBe(me.userId)
  })

  it('is only for signed-up accounts', async () => {
    const guest = await makeGuest(t)
    expect((await t.call(sendDeleteAccountCode, {}, { token: guest.token })).body.error.code).toBe(
      ErrorCodes.SignupNeedsLogin.code,
    )
    expect((await t.call(deleteAccount, { code: '123456' }, { token: guest.token })).body.error.code).toBe(
      ErrorCodes.SignupNeedsLogin.code,
    )
    expect((await t.call(deleteAccount, { code: '123456' })).status).toBe(401)
    const me = await makeAccount(t)
    const bad = await t.call(deleteAccount, { code: '12ab' }, { token: me.token })
    expect(bad.body.error).toMatchObject({
      code: ErrorCodes.ValidationFailed.code,
      message: 'Enter the 6-digit code.',
    })
  })
})

describe('delete account with a negative balance', () => {
  let n: TestApp
  beforeAll(async () => {
    n = await startTestApp({}, { deps: { balances: { hasNegativeBalance: async () => true } } })
  })
  afterAll(() => n.close())

  it('is refused with 3020 and the spec message, and the account stays', async () => {
    const me = await makeAccount(n)
    const code = await deleteCodeFor(n, me.token, me.email)
    const res = await n.call(deleteAccount, { code }, { token: me.token })
    expect(res.status).toBe(409)
    expect(res.body.error).toEqual({
      code: ErrorCodes.DeleteAccountUnavailable.code,
      message:
        'Delete account is unavailable while your coin or payout balance is negative. Please contact support.',
    })
    expect((await n.call(accountInfo, {}, { token: me.token })).body.data.email).toBe(me.email)
  })
})
