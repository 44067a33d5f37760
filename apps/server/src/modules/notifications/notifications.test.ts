import {
  addDeviceInstallation,
  NotifyType,
  SocketChannels,
  systemInit,
  WebPushPayload,
} from '@velvet/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeAccount } from '../../test/factories.ts'
import { startTestApp, type TestApp } from '../../test/harness.ts'
import { startPushEndpoint } from '../../test/push-endpoint.ts'
import { collect, connectSocket } from '../../test/sockets.ts'
import type { NotificationInput } from './service.ts'

let t: TestApp
let url: string
let endpoint: Awaited<ReturnType<typeof startPushEndpoint>>
beforeAll(async () => {
  t = await startTestApp({ PUSH_ALLOW_HTTP: 'true' })
  url = await t.listen()
  endpoint = await startPushEndpoint()
})
afterAll(async () => {
  await t.close()
  await endpoint.close()
})

const tip = (title: string): NotificationInput => ({
  notify_type: NotifyType.Live,
  is_show: 1,
  is_add: 1,
  show_seconds: 4,
  link: '/live/9',
  left: { content: '/media/portraits/a.webp', type: 1 },
  middle: { title, summary: 'is live now' },
  right: { type: 2, content: 'Watch' },
  meta: { tokens: 50 },
  content: `${title} is live now`,
})

describe('publishing a notification', () => {
  it('stores it and sends realtime_notify to an online user', async () => {
    const fan = await makeAccount(t)
    const socket = await connectSocket(url, { token: fan.token })
    try {
      const banners = collect(socket, SocketChannels.realtimeNotify)
      const { item, delivery } = await t.app.services.notifications.publish(fan.userId, tip('Ann'))
      expect(delivery).toBe('realtime')
      const message = await banners.next()
      expect(message.body).toEqual(item)
      expect(message.body).toMatchObject({ notify_type: 20, middle: { title: 'Ann' }, meta: { tokens: 50 } })
      expect(message.body.created_at).toBe(Math.floor(t.clock.now().getTime() / 1000))
    } finally {
      socket.close()
    }
  })

  it('sends a web push to an offline user and counts it unread', async () => {
    const fan = await makeAccount(t)
    const sub = endpoint.subscription()
    await t.call(
      addDeviceInstallation,
      { installation_id: sub.installationId, device_id: 'd' },
      { token: fan.token },
    )
    const { item, delivery } = await t.app.services.notifications.publish(fan.userId, tip('Bea'))
    expect(delivery).toBe('push')
    const got = endpoint.received.find((r) => r.path === sub.path)
    if (!got) throw new Error('no push received')
    expect(WebPushPayload.parse(JSON.parse(sub.decrypt(got.body)))).toEqual({
      title: 'Bea',
      body: 'is live now',
      link: '/live/9',
      icon: '/media/portraits/a.webp',
      tag: `notification-${item.id}`,
    })
    expect(await t.app.services.notifications.unreadCount(fan.userId)).toBe(1)
    const init = await t.call(systemInit, {}, { token: fan.token })
    expect(init.body.data).toEqual({ TC: 0, TN: 1, SC: 0 })
  })

  it('stores it without delivery when the user has no socket and no device', async () => {
    const fan = await makeAccount(t)
    const { delivery } = await t.app.services.notifications.publish(fan.userId, tip('Cat'))
    expect(delivery).toBe('none')
    expect(await t.app.services.notifications.unreadCount(fan.userId)).toBe(1)
  })

  it('rejects an item that breaks the contract and an unknown user', async () => {
    const fan = await makeAccount(t)
    const bad = { ...tip('Dee'), is_show: 3 } as unknown as NotificationInput
    await expect(t.app.services.notifications.publish(fan.userId, bad)).rejects.toThrow()
    await expect(t.app.services.notifications.publish(1, tip('Eve'))).rejects.toThrow()
    expect(await t.app.services.notifications.unreadCount(fan.userId)).toBe(0)
  })
})
