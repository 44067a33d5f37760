import { NotificationItem, type NotificationKind, NotifyTypesByKind, SocketChannels } from '@velvet/contract'
import type { FastifyBaseLogger } from 'fastify'
import type { z } from 'zod'
import type { Realtime } from '../../platform/realtime.ts'
import type { Clock } from '../auth/service.ts'
import type { PushService } from '../push/service.ts'
import { decodeIdCursor, idPageFrom } from '../social/cursor.ts'
import { presentNotification, presentPush } from './presenters.ts'
import type { NotificationRepo } from './repo.ts'

/** What a module gives to publish a notification: the item without what the server assigns. */
export const NotificationInput = NotificationItem.omit({ id: true, created_at: true })
export type NotificationInput = z.input<typeof NotificationInput>

export interface NotificationServiceDeps {
  repo: NotificationRepo
  realtime: Pick<Realtime, 'publish' | 'isOnline'>
  push: Pick<PushService, 'sendToUser'>
  clock: Clock
  log: FastifyBaseLogger
}

export function createNotificationService({ repo, realtime, push, clock, log }: NotificationServiceDeps) {
  return {
    /**
     * Stores the notification, then delivers it: `realtime_notify` when the user has an open socket
     * (on any process), otherwise a web push to each of their devices. Delivery never fails the caller.
     */
    async publish(userId: number, input: NotificationInput) {
      const item = NotificationInput.parse(input)
      const row = await repo.insert({
        userId,
        notifyType: item.notify_type,
        isShow: item.is_show,
        isAdd: item.is_add,
        showSeconds: item.show_seconds,
        link: item.link,
        parts: { left: item.left, middle: item.middle, right: item.right, meta: item.meta },
        content: item.content,
        createdAt: clock.now(),
      })
      const presented = presentNotification(row)
      let delivery: 'realtime' | 'push' | 'none' = 'none'
      try {
        if (await realtime.isOnline(userId)) {
          realtime.publish({ userId }, SocketChannels.realtimeNotify, presented)
          delivery = 'realtime'
        } else if ((await push.sendToUser(userId, presentPush(presented))).sent > 0) {
          delivery = 'push'
        }
      } catch (err) {
        log.warn({ err, userId }, 'notification delivery failed')
      }
      return { item: presented, delivery }
    },

    unreadCount: (userId: number) => repo.unreadCount(userId),

    /** /notifications: one tab's page, newest first (the cursor is the last id shown). */
    async list(userId: number, input: { kind: NotificationKind; cursor?: string; limit: number }) {
      const types = input.kind === 'all' ? undefined : NotifyTypesByKind[input.kind]
      const rows = await repo.page(userId, input.limit + 1, decodeIdCursor(input.cursor) ?? undefined, types)
      return idPageFrom(rows, input.limit, (row) => ({
        ...presentNotification(row),
        read: row.readAt !== null,
      }))
    },

    /** spec §5: an e-mail link was clicked (or an e-mail opened); kept for the e-mail reports. */
    async recordEmailEvent(
      reporterId: number | null,
      input: {
        template: string
        user_id: number
        payload: Record<string, string | number>
        event_type: number
      },
    ) {
      await repo.insertEmailEvent({
        recipientId: input.user_id,
        reporterId,
        template: input.template,
        eventType: input.event_type,
        payload: input.payload,
        createdAt: clock.now(),
      })
      return {}
    },

    /** Opening /notifications reads them all (TN goes to 0). */
    async readAll(userId: number) {
      await repo.markAllRead(userId, clock.now())
      return { TN: await repo.unreadCount(userId) }
    },
  }
}

export type NotificationService = ReturnType<typeof createNotificationService>
