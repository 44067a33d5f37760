import {
  accountInfo,
  currentUser,
  ErrorCodes,
  login,
  revokeOtherSessions,
  revokeSession,
  SocketChannels,
  sendEmailCode,
} from '@velvet/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loginByEmail, makeAccount, makeGuest } from '../../test/factories.ts'
import { startTestApp, type TestApp } from '../../test/harness.ts'
import { collect, connectSocket } from '../../test/sockets.ts'

/*
 * Endpoints of the account module that take an object id, each shown here or in settings.test.ts to refuse
 * another user's id:
 * - POST /fapi/core/account/sessions/revoke/ (session_id): another user's session → 404 / 1003 (here).
 * - GET /fapi/core/account/email/unsubscribe_info/, POST .../unsubscribe/, POST .../resubscribe/ and the
 *   one-click POST (u = user id): another user's id under a signature made for someone else → 3021 / 400
 *   (settings.test.ts).
 * Every other call acts on the viewer's own account only (access 'account').
 */

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36'
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1'
const WINDOWS_FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0'

let t: TestApp
let baseUrl: string
beforeAll(async () => {
  t = await startTestApp()
  baseUrl = await t.listen()
})
afterAll(() => t.close())

/** Signs the same account in again from another device (a new session with that user agent). */
async function signInFrom(email: string, userAgent: string, remoteAddress?: string) {
  t.clock.advance(61_000)
  const headers = { 'user-agent': userAgent }
  await t.call(sendEmailCode, { email }, { headers })
  const res = await t.call(
    login,
    { type: 'email', email, code: t.smtp.codeFor(email) },
    { headers, ...(remoteAddress ? { remoteAddress } : {}) },
  )
  expect(res.status).toBe(200)
  return res.body.data.ptoken as string
}

describe('sessions list (/user/account)', () => {
  it('lists live sessions newest first with device, location and the current one', async () => {
    const me = await makeAccount(t)
    const phone = await signInFrom(me.email, ANDROID_CHROME)
    t.clock.advance(1000)
    const iphone = await signInFrom(me.email, IPHONE_SAFARI, '8.8.8.8')
    t.clock.advance(1000)
    const laptop = await signInFrom(me.email, WINDOWS_FIREFOX)

    const res = await t.call(accountInfo, {}, { token: iphone })
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ email: me.email, google_linked: false })
    const sessions = res.body.data.sessions as { device: string; location: string | null; current: boolean }[]
    expect(sessions.map((s) => s.device)).toEqual([
      'Firefox on Windows',
      'Safari on iPhone',
      'Chrome on Android',
      'Unknown device',
    ])
    expect(sessions.map((s) => s.current)).toEqual([false, true, false, false])
    // 8.8.8.8 is placed by the GeoIP database; the documentation addresses of the others are not.
    expect(sessions.map((s) => s.location)).toEqual([null, 'United States', null, null])
    expect(laptop).not.toBe(phone)
  })

  it('refuses guests (access account)', async () => {
    const guest = await makeGuest(t)
    const res = await t.call(accountInfo, {}, { token: guest.token })
    expect(res.body.error.code).toBe(ErrorCodes.SignupNeedsLogin.code)
  })

  it('records last use at most every 5 minutes', async () => {
    const me = await makeAccount(t)
    const first = await t.call(accountInfo, {}, { token: me.token })
    const before = first.body.data.sessions[0].last_used_at as number
    // makeAccount already moved the clock 61 s past sign-in: 4 min 1 s in all.
    t.clock.advance(3 * 60_000)
    const soon = await t.call(accountInfo, {}, { token: me.token })
    expect(soon.body.data.sessions[0].last_used_at).toBe(before)
    t.clock.advance(2 * 60_000)
    await t.call(currentUser, {}, { token: me.token })
    const later = await t.call(accountInfo, {}, { token: me.token })
    expect(later.body.data.sessions[0].last_used_at).toBe(Math.floor(t.clock.now().getTime() / 1000))
  })
})

describe('revoking sessions', () => {
  it('signs out another device of the same account, with a signout message', async () => {
    const me = await makeAccount(t)
    const other = await signInFrom(me.email, ANDROID_CHROME)
    const list = await t.call(accountInfo, {}, { token: me.token })
    const target = list.body.data.sessions.find((s: { current: boolean }) => !s.current).session_id

    const socket = await connectSocket(baseUrl, { token: other })
    const signouts = collect(socket, SocketChannels.signout)
    const res = await t.call(revokeSession, { session_id: target }, { token: me.token })
    expect(res.status).toBe(200)
    expect((await signouts.next()).body).toEqual({ reason: 'revoked' })
    socket.close()

    expect((await t.call(currentUser, {}, { token: other })).status).toBe(401)
    expect((await t.call(currentUser, {}, { token: me.token })).status).toBe(200)
    // Already revoked: nothing left to revoke.
    expect((await t.call(revokeSession, { session_id: target }, { token: me.token })).status).toBe(404)
  })

  it("answers 404 for another user's session and 3022 for the current one", async () => {
    const me = await makeAccount(t)
    const stranger = await makeAccount(t)
    const theirs = (await t.call(accountInfo, {}, { token: stranger.token })).body.data.sessions[0].session_id
    const mine = (await t.call(accountInfo, {}, { token: me.token })).body.data.sessions[0].session_id

    const foreign = await t.call(revokeSession, { session_id: theirs }, { token: me.token })
    expect(foreign.status).toBe(404)
    expect(foreign.body.error.code).toBe(ErrorCodes.NotFound.code)
    expect((await t.call(currentUser, {}, { token: stranger.token })).status).toBe(200)

    const current = await t.call(revokeSession, { session_id: mine }, { token: me.token })
    expect(current.status).toBe(400)
    expect(current.body.error.code).toBe(ErrorCodes.CannotRevokeCurrentSession.code)
    expect((await t.call(revokeSession, { session_id: 999_999 }, { token: me.token })).status).toBe(404)
  })

  it('signs out every other device and keeps this one', async () => {
    const me = await makeAccount(t)
    const a = await signInFrom(me.email, ANDROID_CHROME)
    const b = await signInFrom(me.email, IPHONE_SAFARI)
    const stranger = await makeAccount(t)

    const res = await t.call(revokeOtherSessions, {}, { token: me.token })
    expect(res.body.data).toEqual({ revoked: 2 })
    for (const token of [a, b]) expect((await t.call(currentUser, {}, { token })).status).toBe(401)
    expect((await t.call(currentUser, {}, { token: me.token })).status).toBe(200)
    expect((await t.call(currentUser, {}, { token: stranger.token })).status).toBe(200)
    const left = await t.call(accountInfo, {}, { token: me.token })
    expect(left.body.data.sessions).toHaveLength(1)
    expect((await t.call(revokeOtherSessions, {}, { token: me.token })).body.data).toEqual({ revoked: 0 })
  })

  it('keeps login working from a guest session too', async () => {
    const guest = await makeGuest(t)
    const session = await loginByEmail(t, `guest-upgrade-${process.pid}@example.test`, guest.token)
    const res = await t.call(accountInfo, {}, { token: session.ptoken })
    // A fresh account that has not completed sign-up is still an account (user type 0).
    expect(res.status).toBe(200)
    expect(res.body.data.sessions).toHaveLength(1)
  })
})
