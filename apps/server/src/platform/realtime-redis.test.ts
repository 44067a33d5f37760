import { coreLogout, NotifyType, SocketChannels } from '@velvet/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../platform/db.ts'
import { freshDatabase } from '../test/database.ts'
import { makeAccount } from '../test/factories.ts'
import { startTestApp, type TestApp } from '../test/harness.ts'
import { collect, connectSocket } from '../test/sockets.ts'

// Two server processes sharing one database and one Redis: `npm run test:pg` in CI sets REDIS_URL.
describe.skipIf(!process.env.REDIS_URL)('realtime across two processes through Redis', () => {
  let database: Database
  let first: TestApp
  let second: TestApp
  let secondUrl: string
  beforeAll(async () => {
    database = await freshDatabase()
    const env = { REDIS_URL: process.env.REDIS_URL ?? '' }
    first = await startTestApp(env, { database })
    second = await startTestApp(env, { database })
    await first.listen()
    secondUrl = await second.listen()
  })
  afterAll(async () => {
    await first?.close()
    await second?.close()
    await database?.close()
  })

  it('delivers a notification published on A to a socket connected to B', async () => {
    const fan = await makeAccount(first)
    const socket = await connectSocket(secondUrl, { token: fan.token })
    try {
      const banners = collect(socket, SocketChannels.realtimeNotify)
      // A sees the socket on B as online (fetchSockets through the adapter), so no push is tried.
      expect(await first.app.services.realtime.isOnline(fan.userId)).toBe(true)
      const { item, delivery } = await first.app.services.notifications.publish(fan.userId, {
        notify_type: NotifyType.ChatMessage,
        is_show: 1,
        is_add: 1,
        show_seconds: null,
        link: '/message',
        left: { content: null, type: 0 },
        middle: { title: 'Ann', summary: 'Hello from process A' },
        right: null,
        meta: {},
        content: 'Hello from process A',
      })
      expect(delivery).toBe('realtime')
      expect((await banners.next(5_000)).body).toEqual(item)
    } finally {
      socket.close()
    }
  })

  it('signs out a session on B when it logs out through A', async () => {
    const fan = await makeAccount(first)
    const socket = await connectSocket(secondUrl, { token: fan.token })
    try {
      const signouts = collect(socket, SocketChannels.signout)
      expect((await first.call(coreLogout, {}, { token: fan.token })).status).toBe(200)
      expect((await signouts.next(5_000)).body).toEqual({ reason: 'logout' })
    } finally {
      socket.close()
    }
  })
})
