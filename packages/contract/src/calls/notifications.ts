import { z } from 'zod'
import { NotificationItem, NotifyType } from '../realtime.ts'
import { defineCall } from './define.ts'
import { PageQuery, pageOf } from './profile.ts'

/** The /notifications tabs (issue 7): all, and one per kind of event. */
export const NotificationKind = z.enum([
  'all',
  'purchases',
  'subscriptions',
  'comments',
  'mentions',
  'system',
])
export type NotificationKind = z.infer<typeof NotificationKind>

/** Which tab each notify_type belongs to (one place; the server filters by it). */
export const NotifyTypesByKind: Record<Exclude<NotificationKind, 'all'>, readonly number[]> = {
  purchases: [NotifyType.ItemPurchased, NotifyType.GiftReceived],
  subscriptions: [NotifyType.NewMember, NotifyType.MemberRenewed, NotifyType.NewFollower],
  comments: [NotifyType.PostComment],
  mentions: [NotifyType.Mention],
  system: [
    NotifyType.PrePaymentFailed,
    NotifyType.PaymentFailed,
    NotifyType.PayoutPaid,
    NotifyType.PayoutFailed,
    NotifyType.Live,
  ],
}

export const NotificationTabs: ReadonlyArray<{ kind: NotificationKind; label: string }> = [
  { kind: 'all', label: 'All' },
  { kind: 'purchases', label: 'Purchases' },
  { kind: 'subscriptions', label: 'Subscriptions' },
  { kind: 'comments', label: 'Comments' },
  { kind: 'mentions', label: 'Mentions' },
  { kind: 'system', label: 'System' },
]

/** A notification in the list: the item (spec §3) and whether the user has seen it. */
export const NotificationEntry = NotificationItem.extend({ read: z.boolean() })
export type NotificationEntry = z.infer<typeof NotificationEntry>

export const notificationList = defineCall({
  method: 'GET',
  path: '/fapi/core/notify/list/',
  access: 'account',
  summary: 'Notifications newest first, by kind.',
  input: PageQuery.extend({ kind: NotificationKind.default('all') }),
  response: pageOf(NotificationEntry),
})

export const notificationReadAll = defineCall({
  method: 'POST',
  path: '/fapi/core/notify/read_all/',
  access: 'account',
  summary: 'Marks every notification read (opening /notifications); answers the new unread total TN.',
  response: z.object({ TN: z.number().int().min(0) }),
})
