import { coreLogout, NotifyType, SocketChannels } from '@velvet/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../platform/db.ts'
import { freshDatabase } from '../test/database.ts'
import { makeAccount } from '../test/factories.ts'
import { startTestApp, type TestApp } from '../test/harness.ts'
import { waitFor } from '../test/processes.ts'
import { collect, connectSocket } from '../test/sockets.ts'
import { startTcpProxy } from '../test/tcp-proxy.ts'

/** A chat-message notification from Ann, published through `app`'s notification service. */
function hello(app: TestApp, userId: number, text: string) {
  return app.app.services.notifications.publish(userId, {
    notify_type: NotifyType.ChatMessage,
    is_show: 1,
    is_add: 1,
    show_seconds: null,
    link: '/message',
    left: { content: null, type: 0 },
    middle: { title: 'Ann', summary: text },
    right: null,
    meta: {},
    content: text,
  })
}

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
      const { item, delivery } = await hello(first, fan.userId, 'Hello from process A')
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

  it('starts and serves while Redis is down, and links up with the others once Redis is there', async () => {
    const redis = new URL(process.env.REDIS_URL ?? '')
    const proxy = await startTcpProxy({ host: redis.hostname, port: Number(redis.port || 6379) })
    proxy.cut()
    const proxied = new URL(redis)
    proxied.hostname = '127.0.0.1'
    proxied.port = String(proxy.port)
    let late: TestApp | null = null
    try {
      late = await startTestApp({ REDIS_URL: proxied.toString() }, { database })
      // Serving without Redis: sign-up (rate limited, cached sessions) works, uncounted and uncached.
      const fan = await makeAccount(late)
      expect(await late.app.services.realtime.isOnline(fan.userId)).toBe(false)
      proxy.restore()
      // Once the clients have reconnected, a socket on B is seen from the late process and reached from it.
      const socket = await connectSocket(secondUrl, { token: fan.token })
      try {
        const app = late
        await waitFor(() => app.app.services.realtime.isOnline(fan.userId), 20_000)
        const banners = collect(socket, SocketChannels.realtimeNotify)
        const { item, delivery } = await hello(app, fan.userId, 'Hello from the late process')
        expect(delivery).toBe('realtime')
        expect((await banners.next(5_000)).body).toEqual(item)
      } finally {
        socket.close()
      }
    } finally {
      await late?.close()
      await proxy.close()
    }
  })
})
