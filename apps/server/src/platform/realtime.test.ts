import { completeSignup, coreLogout, ErrorCodes, logout, SocketChannels } from '@velvet/contract'
import type { Socket } from 'socket.io-client'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { loginByEmail, makeAccount, makeGuest, uniqueEmail } from '../test/factories.ts'
import { startTestApp, type TestApp } from '../test/harness.ts'
import { collect, connectSocket, sleep } from '../test/sockets.ts'

let t: TestApp
let url: string
const open: Socket[] = []
const connect = async (...args: Parameters<typeof connectSocket>) => {
  const socket = await connectSocket(...args)
  open.push(socket)
  return socket
}

beforeAll(async () => {
  t = await startTestApp()
  url = await t.listen()
})
afterEach(() => {
  for (const socket of open.splice(0)) socket.close()
})
afterAll(() => t.close())

describe('handshake', () => {
  it('refuses a connection without a token, or with an unknown one, with code 1001', async () => {
    for (const token of [undefined, 'not-a-real-token']) {
      const error = await connectSocket(url, token ? { token } : {}).then(
        () => expect.unreachable(),
        (e: Error & { data?: unknown }) => e,
      )
      expect(error.message).toBe('Please log in to continue')
      expect(error.data).toEqual({ code: ErrorCodes.NotLoggedIn.code, message: 'Please log in to continue' })
    }
  })

  it('refuses a bad handshake query and a foreign origin', async () => {
    const { token } = await makeGuest(t)
    const bad = await connectSocket(url, { token, query: { ui: 'abc' } }).catch((e: Error) => e)
    expect((bad as Error).message).toBe('Some fields are not valid.')
    const foreign = await connectSocket(url, { token, headers: { origin: 'https://evil.example' } }).catch(
      (e: Error) => e,
    )
    expect(foreign).toBeInstanceOf(Error)
  })

  it('accepts a guest session with the spec query', async () => {
    const guest = await makeGuest(t)
    const socket = await connect(url, {
      token: guest.token,
      query: { ui: String(guest.user_id), ut: '3', di: 'device-1', pt: 'rm11' },
    })
    expect(socket.connected).toBe(true)
    expect(await t.app.services.realtime.isOnline(guest.user_id)).toBe(true)
  })
})

describe('auth events', () => {
  it('sends signout to the session that logged out only, and drops its socket', async () => {
    const account = await makeAccount(t)
    const second = await loginByEmail(t, account.email)
    const leaving = await connect(url, { token: account.token })
    const staying = await connect(url, { token: second.ptoken })
    const leavingSignout = collect(leaving, SocketChannels.signout)
    const stayingSignout = collect(staying, SocketChannels.signout)
    const dropped = new Promise((resolve) => leaving.once('disconnect', resolve))

    expect((await t.call(coreLogout, {}, { token: account.token })).status).toBe(200)
    const message = await leavingSignout.next()
    expect(message).toMatchObject({ channel: 'signout', body: { reason: 'logout' } })
    expect(message.issued_num).toBeGreaterThan(0)
    await dropped
    await sleep(200)
    expect(stayingSignout.received).toEqual([])
    expect(staying.connected).toBe(true)

    const viaApi = collect(staying, SocketChannels.signout)
    expect((await t.call(logout, {}, { token: second.ptoken })).status).toBe(200)
    expect((await viaApi.next()).body).toEqual({ reason: 'logout' })
  })

  it('sends user_info_change when the profile is completed', async () => {
    const session = await loginByEmail(t, uniqueEmail())
    const socket = await connect(url, { token: session.ptoken })
    const changes = collect(socket, SocketChannels.userInfoChange)
    const res = await t.call(
      completeSignup,
      { birthday: '1991-02-03', user_name: `rt_user_${process.pid % 10000}`, nickname: 'Realtime' },
      { token: session.ptoken },
    )
    expect(res.status).toBe(200)
    const message = await changes.next()
    expect(message.channel).toBe('user_info_change')
    expect(message.body.user).toEqual(res.body.data.user)
    expect(message.body.user.needs_profile).toBe(false)
  })

  it('sends nothing when the sign-up fails', async () => {
    const account = await makeAccount(t)
    const socket = await connect(url, { token: account.token })
    const changes = collect(socket, SocketChannels.userInfoChange)
    const res = await t.call(
      completeSignup,
      { birthday: '1991-02-03', user_name: 'another_name1', nickname: 'Again' },
      { token: account.token },
    )
    expect(res.status).toBe(409)
    await sleep(200)
    expect(changes.received).toEqual([])
  })
})

describe('publish', () => {
  it('reaches every socket of the user and of a live room, and validates the body', async () => {
    const account = await makeAccount(t)
    const a = await connect(url, { token: account.token })
    const b = await connect(url, { token: account.token, query: { li: 'live-42' } })
    const onA = collect(a, SocketChannels.callCancel)
    const onB = collect(b, SocketChannels.callCancel)
    t.app.services.realtime.publish({ userId: account.userId }, SocketChannels.callCancel, { call_id: 'c1' })
    expect((await onA.next()).body).toEqual({ call_id: 'c1' })
    expect((await onB.next()).body).toEqual({ call_id: 'c1' })
    t.app.services.realtime.publish({ liveId: 'live-42' }, SocketChannels.callCancel, { call_id: 'c2' })
    expect((await onB.next()).body).toEqual({ call_id: 'c2' })
    await sleep(100)
    expect(onA.received).toEqual([])

    expect(() =>
      t.app.services.realtime.publish({ userId: account.userId }, SocketChannels.callCancel, {
        call_id: 7,
      } as unknown as { call_id: string }),
    ).toThrow()
  })

  it('knows who is offline', async () => {
    const account = await makeAccount(t)
    expect(await t.app.services.realtime.isOnline(account.userId)).toBe(false)
  })
})
