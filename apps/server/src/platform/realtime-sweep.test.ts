/**
 * The periodic check of the sockets' sessions (a minute in production, 200 ms here): a socket whose session
 * ended without its signout reaching this process (revoked elsewhere while Redis was away, or expired while
 * connected) is told `signout` with reason `revoked` and dropped by the next sweep; live sessions stay.
 * The sweep after a Redis reconnect is tested in modules/chat/redis-outage.test.ts.
 */
import { Session, SocketChannels } from '@velvet/contract'
import { eq } from 'drizzle-orm'
import type { Socket } from 'socket.io-client'
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest'
import { sessions } from '../modules/auth/schema.ts'
import { makeAccount } from '../test/factories.ts'
import { startTestApp, type TestApp } from '../test/harness.ts'
import { collect, connectSocket, sleep } from '../test/sockets.ts'

const SWEEP_MS = 200

let t: TestApp
let url: string
const open: Socket[] = []
const connect = async (token: string) => {
  const socket = await connectSocket(url, { token })
  open.push(socket)
  return socket
}
const dropped = (socket: Socket) => new Promise((resolve) => socket.once('disconnect', resolve))

beforeAll(async () => {
  t = await startTestApp({}, { deps: { sessionSweepMs: SWEEP_MS } })
  url = await t.listen()
})
afterEach(() => {
  for (const socket of open.splice(0)) socket.close()
})
afterAll(() => t.close())

it('signs out and drops a socket whose session was revoked without its signout reaching this process', async () => {
  const leaving = await makeAccount(t)
  const staying = await makeAccount(t)
  const leavingSocket = await connect(leaving.token)
  const stayingSocket = await connect(staying.token)
  const leavingSignout = collect(leavingSocket, SocketChannels.signout)
  const stayingSignout = collect(stayingSocket, SocketChannels.signout)
  const gone = dropped(leavingSocket)

  // As a logout on another process whose emit was lost: the row changes, nobody tells the sockets.
  await t.database.db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(eq(sessions.userId, leaving.userId))

  expect((await leavingSignout.next(5_000)).body).toEqual({ reason: 'revoked' })
  await gone
  // Several more sweeps: the live session is left alone.
  await sleep(3 * SWEEP_MS)
  expect(stayingSignout.received).toEqual([])
  expect(stayingSocket.connected).toBe(true)
})

it('signs out and drops a socket whose session expired while it was connected', async () => {
  const expiring = await makeAccount(t)
  // The second session starts an hour before the first one ends, so it is still live after it.
  t.clock.advance(Session.maxAgeSeconds * 1000 - 3_600_000)
  const later = await makeAccount(t)
  const expiringSocket = await connect(expiring.token)
  const laterSocket = await connect(later.token)
  const expiringSignout = collect(expiringSocket, SocketChannels.signout)
  const laterSignout = collect(laterSocket, SocketChannels.signout)
  await sleep(3 * SWEEP_MS)
  expect(expiringSignout.received).toEqual([])
  expect(expiringSocket.connected).toBe(true)

  const gone = dropped(expiringSocket)
  t.clock.advance(2 * 3_600_000)
  expect((await expiringSignout.next(5_000)).body).toEqual({ reason: 'revoked' })
  await gone
  await sleep(3 * SWEEP_MS)
  expect(laterSignout.received).toEqual([])
  expect(laterSocket.connected).toBe(true)
})
