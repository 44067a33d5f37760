import { type EmailCategory, type EmailTemplate, EmailTemplates, NotifyType } from '@velvet/contract'

/** The e-mail category each template belongs to: its unsubscribe link and the preference it obeys. */
export const CategoryOfTemplate: Record<EmailTemplate, EmailCategory> = {
  [EmailTemplates.newMessages]: 'messages',
  [EmailTemplates.newMember]: 'subscriptions',
  [EmailTemplates.paymentFailed]: 'subscriptions',
  [EmailTemplates.earnings]: 'earnings',
  [EmailTemplates.payout]: 'earnings',
}

/** Templates mailed at once, one mail per notification. */
export type NoticeTemplate =
  | typeof EmailTemplates.newMember
  | typeof EmailTemplates.paymentFailed
  | typeof EmailTemplates.payout

/**
 * What a notification causes by e-mail (the one place that decides): its own mail now, or a place in the
 * user's new-messages digest of its hour, or in the user's earnings summary of its (Pacific) day.
 */
export type EmailPlan =
  | { kind: 'notice'; template: NoticeTemplate }
  | { kind: 'digest' }
  | { kind: 'earnings' }

const PLANS: Record<number, readonly EmailPlan[]> = {
  [NotifyType.Message]: [{ kind: 'digest' }],
  [NotifyType.MessageReply]: [{ kind: 'digest' }],
  [NotifyType.ChatMessage]: [{ kind: 'digest' }],
  [NotifyType.PrePaymentFailed]: [{ kind: 'notice', template: EmailTemplates.paymentFailed }],
  [NotifyType.PaymentFailed]: [{ kind: 'notice', template: EmailTemplates.paymentFailed }],
  [NotifyType.ItemPurchased]: [{ kind: 'earnings' }],
  [NotifyType.GiftReceived]: [{ kind: 'earnings' }],
  [NotifyType.NewMember]: [{ kind: 'notice', template: EmailTemplates.newMember }, { kind: 'earnings' }],
  [NotifyType.MemberRenewed]: [{ kind: 'earnings' }],
  [NotifyType.PayoutPaid]: [{ kind: 'notice', template: EmailTemplates.payout }],
  [NotifyType.PayoutFailed]: [{ kind: 'notice', template: EmailTemplates.payout }],
}

export function emailPlansFor(notifyType: number): readonly EmailPlan[] {
  return PLANS[notifyType] ?? []
}

const HOUR_MS = 3_600_000

/** A digest's window: the clock hour (UTC) the message arrived in. */
export function hourWindow(at: Date): { start: Date; end: Date } {
  const start = Math.floor(at.getTime() / HOUR_MS) * HOUR_MS
  return { start: new Date(start), end: new Date(start + HOUR_MS) }
}

/** Dates shown are Pacific time (DESIGN §8); an earnings summary covers one Pacific calendar day. */
export const PACIFIC = 'America/Los_Angeles'

const wallClock = new Intl.DateTimeFormat('en-US', {
  timeZone: PACIFIC,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
})

function pacificParts(at: Date) {
  const parts = Object.fromEntries(wallClock.formatToParts(at).map((p) => [p.type, Number(p.value)]))
  return parts as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>
}

/** Midnight Pacific of a calendar date (month 0-based; day may overflow, as with Date.UTC). */
function pacificMidnight(year: number, month: number, day: number): Date {
  const utcMidnight = Date.UTC(year, month, day)
  // The offset in force at 00:00 Pacific: 08:00 UTC that day is 00:00 PST or 01:00 PDT, both before the 02:00 switch.
  const probe = new Date(utcMidnight + 8 * HOUR_MS)
  const p = pacificParts(probe)
  const offset = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - probe.getTime()
  return new Date(utcMidnight - offset)
}

/** The Pacific calendar day `at` falls in: [start, end) as instants. */
export function pacificDay(at: Date): { start: Date; end: Date } {
  const p = pacificParts(at)
  return {
    start: pacificMidnight(p.year, p.month - 1, p.day),
    end: pacificMidnight(p.year, p.month - 1, p.day + 1),
  }
}

const dayLabel = new Intl.DateTimeFormat('en-US', {
  timeZone: PACIFIC,
  weekday: 'long',
  month: 'long',
  day: 'numeric',
})

/** "Tuesday, November 24" (Pacific). */
export function pacificDayLabel(at: Date): string {
  return dayLabel.format(at)
}
