/**
 * The facts the info pages state, in one place so every page says the same thing. Money and timing values
 * follow DESIGN §4/§8 and spec §9; when the money contract lands, read them from @velvet/contract instead.
 */

import { PayoutRules } from '@velvet/contract'

/** Said plainly wherever a page would otherwise suggest them: live streams and video calls do not exist yet. */
export const NOT_BUILT = 'Live streams and video calls are not available on Velvet yet.'

/** Every info page carries this date (the policies were last revised together). */
export const LAST_UPDATED = { label: '22 November 2026', iso: '2026-11-22' } as const

export const Money = {
  coinFaceValue: 'US$0.10',
  coinPriceRange: '1 to 10,000 coins',
  creatorShareDefault: '80%',
  creatorShareMax: '90%',
  membershipRange: 'US$1 to US$1,000',
  renewalGraceDays: 7,
  minimumWithdrawal: 'US$20',
  /** Earnings clear (become withdrawable) this many days after each sale. */
  clearingDays: PayoutRules.clearingDays,
  processingDays: '1-2 business days',
  arrivalDays: '2-5 business days',
  failedWithdrawalSuspension: 'one week',
  freeChatMessages: 3,
  paidMessageRefundHours: 72,
  referralShare: '5%',
  referralMonths: 12,
} as const

/** Payout methods and their fees (spec §9). */
export const PayoutFees = [
  { method: 'PayPal (United States)', fee: 'US$0.25 per withdrawal' },
  { method: 'PayPal (outside the United States)', fee: '2% of the withdrawal, capped at US$20' },
  { method: 'USDT (TRC20 network)', fee: 'US$3 per withdrawal' },
  { method: 'ACH bank transfer (United States)', fee: 'No fee' },
] as const

export const Timelines = {
  supportReply: '2 business days',
  complaintAcknowledge: '2 business days',
  complaintResolve: '7 business days',
  appealWindowDays: 30,
  appealResolve: '7 business days',
  takedownHours: 48,
  urgentReviewHours: 24,
  sessionDays: 60,
  sessionPurgeDays: 7,
  signInCodeMinutes: 10,
  cookieDays: 365,
} as const

/** Mailboxes named on the info pages. */
export const Mailbox = {
  support: 'support@velvet.local',
  concierge: 'concierge@velvet.local',
  complaints: 'complaints@velvet.local',
  safety: 'safety@velvet.local',
  copyright: 'copyright@velvet.local',
  privacy: 'privacy@velvet.local',
  records: 'records@velvet.local',
  brand: 'brand@velvet.local',
} as const

export type MailboxName = keyof typeof Mailbox
