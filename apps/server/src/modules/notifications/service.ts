import { NotificationItem, type NotificationKind, NotifyTypesByKind, SocketChannels } from '@velvet/contract'
import type { FastifyBaseLogger } from 'fastify'
import type { z } from 'zod'
import type { Clock } from '../../platform/clock.ts'
import { AppError } from '../../platform/errors.ts'
import type { Realtime } from '../../platform/realtime.ts'
import type { EmailNotices } from '../email/service.ts'
import type { PushService } from '../push/service.ts'
import { decodeIdCursor, idPageFrom } from '../social/cursor.ts'
import { presentNotification, presentPush } from './presenters.ts'
import type { NotificationRepo } from './repo.ts'
import type { NewNotification } from './schema.ts'

/** What a module gives to publish a notification: the item without what the server assigns. */
export const NotificationInput = NotificationItem.omit({ id: true, created_at: true })
export type NotificationInput = z.input<typeof NotificationInput>

/** What a notice's e-mail may need beyond its texts. */
export interface NotificationExtras {
  /** The other user the notice is about (the creator of a membership whose renewal failed). */
  targetUserId?: number
}

export interface NotificationServiceDeps {
  repo: NotificationRepo
  realtime: Pick<Realtime, 'publish' | 'isOnline'>
  push: Pick<PushService, 'sendToUser'>
  /** The e-mails a notice causes (modules/email): their jobs are written with the notification. */
  emails: Pick<EmailNotices, 'causesEmail' | 'prepare' | 'enqueue'>
  clock: Clock
  log: FastifyBaseLogger
}

export function createNotificationService({
  repo,
  realtime,
  push,
  emails,
  clock,
  log,
}: NotificationServiceDeps) {
  /** Stores a notice; one that causes an e-mail is stored in one transaction with the e-mail's job. */
  async function store(userId: number, values: NewNotification, extras: NotificationExtras) {
    if (!emails.causesEmail(values.notifyType)) return repo.insert(values)
    await emails.prepare()
    return repo.transaction(async (tx) => {
      const row = await repo.insert(values, tx)
      await emails.enqueue(tx, {
        userId,
        notificationId: row.id,
        notifyType: row.notifyType,
        title: row.parts.middle.title,
        summary: row.parts.middle.summary,
        createdAt: row.createdAt,
        targetUserId: extras.targetUserId ?? null,
      })
      return row
    })
  }

  return {
    /**
     * Stores the notification (and the e-mail it causes, if any), then delivers it: `realtime_notify` when
     * the user has an open socket (on any process), otherwise a web push to each of their devices.
     * Delivery never fails the caller.
     */
    async publish(userId: number, input: NotificationInput, extras: NotificationExtras = {}) {
      const item = NotificationInput.parse(input)
      const row = await store(
        userId,
        {
          userId,
          notifyType: item.notify_type,
          isShow: item.is_show,
          isAdd: item.is_add,
          showSeconds: item.show_seconds,
          link: item.link,
          parts: { left: item.left, middle: item.middle, right: item.right, meta: item.meta },
          content: item.content,
          createdAt: clock.now(),
        },
        extras,
      )
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

    /**
     * spec §5: an e-mail link was clicked (or an e-mail opened); kept for the e-mail reports. Only the user
     * the e-mail went to reports it (1002 otherwise): `user_id` is the link's `s`, which anyone can type, so
     * a report for someone else would put events on an account that never saw the mail.
     */
    async recordEmailEvent(
      reporterId: number,
      input: {
        template: string
        user_id: number
        payload: Record<string, string | number>
        event_type: number
      },
    ) {
      if (input.user_id !== reporterId) throw new AppError('Forbidden')
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
