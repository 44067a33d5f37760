import { z } from 'zod'
import { NotificationItem, NotifyType } from '../realtime.ts'
import { Id } from '../rules/ids.ts'
import { LineText } from '../rules/text.ts'
import { defineCall } from './define.ts'
import { PageQuery, pageOf } from './profile.ts'

/** The /notifications tabs: all, and one per kind of event. */
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
  purchases: [NotifyType.ItemPurchased, NotifyType.GiftReceived, NotifyType.PaidMessageRefunded],
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

// ---- E-mail links (spec §5) ----

/** The value of `sc` on links in our e-mails. */
export const EMAIL_SOURCE = 'email'

/** Template names (`t` on e-mail links, `template` in reports). */
export const EmailTemplates = {
  earnings: 'earnings_report',
  newMessages: 'new_messages',
  newMember: 'new_member',
  paymentFailed: 'payment_failed',
  payout: 'payout',
} as const

/** What happened with an e-mail: opened (the tracking image) or a link in it clicked. */
export const EmailEventType = { Open: 1, Click: 2 } as const

export const EmailTexts = {
  mismatchTitle: 'Account Mismatch Alert',
  mismatch:
    'The current login account does not match the email account. Please switch to another account to continue.',
  switchAccount: 'Switch Account',
  maybeLater: 'Maybe Later',
} as const

export const emailEventReport = defineCall({
  method: 'POST',
  path: '/fapi/core/notify/email/event/report/',
  access: 'session',
  summary:
    'Records an e-mail event (a link clicked: event_type 2) for the user the e-mail went to: only that user reports it (user_id is the caller, 1002 otherwise).',
  input: z.object({
    template: LineText.trim().min(1).max(64),
    user_id: Id,
    payload: z.record(LineText.max(40), z.union([LineText.max(200), z.number()])).default({}),
    event_type: z.union([z.literal(EmailEventType.Open), z.literal(EmailEventType.Click)]),
  }),
  response: z.object({}),
})
