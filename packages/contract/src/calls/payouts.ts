import { z } from 'zod'
import { PayoutMethodKind, PayoutRules, PayoutStatus } from '../money.ts'
import { NotifyType } from '../realtime.ts'
import { Id, QueryId } from '../rules/ids.ts'
import { AchAccountName, AchAccountNumber, RoutingNumber, TaxForm, TronAddress } from '../rules/payout.ts'
import { Email } from '../rules/profile.ts'
import { defineCall } from './define.ts'
import { PageQuery, pageOf } from './profile.ts'

/**
 * Creators withdraw (spec §5, §9): payout methods (ACH, PayPal, USDT TRC20), tax settings (W-9 /
 * W-8BEN) required before the first payout, the overview of /pay/payout and withdrawals that go requested →
 * processing → paid, or failed (then payouts pause for a week).
 */

const MethodKind = z.union([
  z.literal(PayoutMethodKind.Ach),
  z.literal(PayoutMethodKind.PayPal),
  z.literal(PayoutMethodKind.Usdt),
])
const Status = z.union([
  z.literal(PayoutStatus.Requested),
  z.literal(PayoutStatus.Processing),
  z.literal(PayoutStatus.Paid),
  z.literal(PayoutStatus.Failed),
])
const Cents = z.number().int().min(0)
/** Unix seconds. */
const Seconds = z.number().int()

/** A saved payout method. Bank account numbers are never sent back: only their last four digits. */
export const PayoutMethod = z.object({
  method_id: z.number().int(),
  kind: MethodKind,
  /** "PayPal", "Bank account (ACH)", "USDT (TRC20)". */
  title: z.string(),
  /** What identifies it: "Jane Doe ••••6789", the PayPal e-mail, the TRON address shortened. */
  detail: z.string(),
  is_default: z.boolean(),
  created_at: Seconds,
})
export type PayoutMethod = z.infer<typeof PayoutMethod>

export const PayoutMethodTitles: Record<PayoutMethodKind, string> = {
  [PayoutMethodKind.Ach]: 'Bank account (ACH)',
  [PayoutMethodKind.PayPal]: 'PayPal',
  [PayoutMethodKind.Usdt]: 'USDT (TRC20)',
}

export const PayoutStatusLabels: Record<number, string> = {
  [PayoutStatus.Requested]: 'Requested',
  [PayoutStatus.Processing]: 'Processing',
  [PayoutStatus.Paid]: 'Paid',
  [PayoutStatus.Failed]: 'Failed',
}

/** How each fee reads (spec §9). */
export const PayoutFeeLabels: Record<PayoutMethodKind, { us: string; nonUs: string }> = {
  [PayoutMethodKind.Ach]: { us: 'No fee', nonUs: 'No fee' },
  [PayoutMethodKind.PayPal]: { us: 'US$0.25', nonUs: '2%, at most US$20.00' },
  [PayoutMethodKind.Usdt]: { us: 'US$3.00', nonUs: 'US$3.00' },
}

/** The words of /pay/payout and the withdrawal form. */
export const PayoutScreenTexts = {
  available: 'Available to withdraw',
  /** Earnings still clearing. */
  pending: 'Pending',
  pendingHint: `Earnings become available ${PayoutRules.clearingDays} days after each sale.`,
  nextClear: (date: string) => `The oldest pending earnings become available on ${date}.`,
  /** Withdrawals requested and not paid yet. */
  onTheWay: 'Withdrawals on the way',
  minimum: 'Minimum',
  /** The fee line of the withdrawal summary, named by the method ("PayPal fee"). */
  feeLabel: (methodTitle: string | null) => (methodTitle ? `${methodTitle} fee` : 'Fee'),
  taxOnFile: (form: 'w9' | 'w8ben') => (form === 'w9' ? 'W-9 on file' : 'W-8BEN on file'),
  taxOnFileHint: (name: string, last4: string, date: string) =>
    last4 ? `${name}, taxpayer ID ending ${last4}, signed ${date}.` : `${name}, signed ${date}.`,
} as const

/** A creator may keep this many payout methods. */
export const PAYOUT_METHODS_MAX = 10

/**
 * The sandbox payout provider's test recipients (like a processor's test account numbers): a withdrawal to
 * one of these fails after processing; any other recipient is paid.
 */
export const PayoutSandbox = {
  failingAchAccount: '000111111116',
  /** A PayPal e-mail whose local part ends with "+fail". */
  failingPaypalSuffix: '+fail',
  /** The TRON zero ("black hole") address: valid, but nothing sent there arrives. */
  failingUsdtAddress: 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb',
} as const

/** Notification types of withdrawals (not in the spec's list; ours). */
export const PayoutNotifyType = { Paid: NotifyType.PayoutPaid, Failed: NotifyType.PayoutFailed } as const

export const PayoutMethodList = z.object({ list: z.array(PayoutMethod) })

export const payoutMethods = defineCall({
  method: 'GET',
  path: '/fapi/core/payout/methods/',
  access: 'account',
  summary: "The creator's payout methods, the default first",
  response: PayoutMethodList,
})

export const AchInput = z.object({
  account_name: AchAccountName,
  routing_number: RoutingNumber,
  account_number: AchAccountNumber,
  account_type: z.enum(['checking', 'savings']).default('checking'),
  make_default: z.boolean().default(true),
})

export const savePayoutAch = defineCall({
  method: 'POST',
  path: '/fapi/core/payout/method_ach/',
  access: 'account',
  summary: 'Add a US bank account (ACH); only its last four digits are kept',
  input: AchInput,
  response: PayoutMethod,
})

export const savePayoutPaypal = defineCall({
  method: 'POST',
  path: '/fapi/core/payout/method_paypal/',
  access: 'account',
  summary: 'Add a PayPal account by e-mail',
  input: z.object({ email: Email, make_default: z.boolean().default(true) }),
  response: PayoutMethod,
})

export const savePayoutUsdt = defineCall({
  method: 'POST',
  path: '/fapi/core/payout/method_usdt/',
  access: 'account',
  summary: 'Add a USDT (TRC20) address',
  input: z.object({ address: TronAddress, make_default: z.boolean().default(true) }),
  response: PayoutMethod,
})

export const setDefaultPayoutMethod = defineCall({
  method: 'POST',
  path: '/fapi/core/payout/method_default/',
  access: 'account',
  summary: 'Choose the default payout method',
  input: z.object({ method_id: Id }),
  response: PayoutMethodList,
})

export const removePayoutMethod = defineCall({
  method: 'POST',
  path: '/fapi/core/payout/method_remove/',
  access: 'account',
  summary: 'Remove a payout method (the next one becomes the default)',
  input: z.object({ method_id: Id }),
  response: PayoutMethodList,
})

/** Tax settings as the owner sees them: the tax id only by its last four characters. */
export const TaxSettings = z.object({
  form: z.enum(['w9', 'w8ben']),
  legal_name: z.string(),
  tin_type: z.enum(['ssn', 'ein', 'foreign']),
  tin_last4: z.string(),
  country: z.string(),
  date_of_birth: z.string().nullable(),
  address: z.object({
    line1: z.string(),
    line2: z.string(),
    city: z.string(),
    region: z.string(),
    postal_code: z.string(),
    country: z.string(),
  }),
  updated_at: Seconds,
  /** The name typed as the signature of the W-9 certification (Part II); null on a W-8BEN. */
  signature_name: z.string().nullable(),
  /** Unix seconds of that signature; null for settings saved before signatures were asked. */
  signed_at: Seconds.nullable(),
})
export type TaxSettings = z.infer<typeof TaxSettings>

export const payoutTax = defineCall({
  method: 'GET',
  path: '/fapi/core/payout/tax/',
  access: 'account',
  summary: 'The tax settings (W-9 or W-8BEN), null before they are filled in',
  response: z.object({ tax: TaxSettings.nullable() }),
})

export const savePayoutTax = defineCall({
  method: 'POST',
  path: '/fapi/core/payout/tax_save/',
  access: 'account',
  summary: 'Fill in or replace the tax settings; the tax id is kept as its last four characters and a hash',
  input: TaxForm,
  response: z.object({ tax: TaxSettings }),
})

export const Payout = z.object({
  payout_id: z.number().int(),
  amount_cents: Cents,
  fee_cents: Cents,
  /** What arrives: amount − fee. */
  net_cents: Cents,
  status: Status,
  method: z.object({ kind: MethodKind, title: z.string(), detail: z.string() }),
  created_at: Seconds,
  processing_at: Seconds.nullable(),
  paid_at: Seconds.nullable(),
  failed_at: Seconds.nullable(),
  failure_reason: z.string().nullable(),
})
export type Payout = z.infer<typeof Payout>

export const PayoutOverview = z.object({
  is_creator: z.boolean(),
  /**
   * Withdrawable now: the payout wallet less what is still clearing (`clearing_cents`, which includes the
   * shares held for a reply).
   */
  available_cents: Cents,
  /** Earnings of the last `clearing_days` days (PayoutRules.clearingDays): pending, not withdrawable yet. */
  clearing_cents: Cents,
  clearing_days: z.number().int().min(0),
  /** Unix seconds when the oldest pending earnings become available; null when nothing is pending. */
  next_clear_at: Seconds.nullable(),
  /** Requested or processing withdrawals. */
  pending_cents: Cents,
  /** Shares of paid messages waiting for the creator's reply (withdrawable once answered, else refunded). */
  held_cents: Cents,
  /** The viewer's referral shares of paid messages to creators they referred, waiting for those creators' reply. */
  referral_held_cents: Cents,
  minimum_cents: Cents,
  /** US person (W-9) or not (W-8BEN): decides the PayPal fee. */
  is_us: z.boolean(),
  has_tax: z.boolean(),
  default_method: PayoutMethod.nullable(),
  processing_days: z.string(),
  arrival_days: z.string(),
  /** Unix seconds until which withdrawals are paused after a failed one; null when they are not. */
  suspended_until: Seconds.nullable(),
})
export type PayoutOverview = z.infer<typeof PayoutOverview>

export const payoutOverview = defineCall({
  method: 'GET',
  path: '/fapi/core/payout/overview/',
  access: 'account',
  summary: 'Balance, pending withdrawals, minimum, timings, the default method and any pause',
  response: PayoutOverview,
})

export const requestPayout = defineCall({
  method: 'POST',
  path: '/fapi/core/payout/request/',
  access: 'account',
  summary: 'Withdraw earnings to a payout method (at least US$20)',
  idempotent: true,
  input: z.object({
    amount_cents: z
      .number()
      .int()
      .min(PayoutRules.minimumCents, { message: 'The minimum withdrawal is US$20.00.' })
      .max(100_000_000),
    method_id: Id,
  }),
  response: Payout,
})

export const payoutList = defineCall({
  method: 'GET',
  path: '/fapi/core/payout/list/',
  access: 'account',
  summary: "The creator's withdrawals, newest first (keyset pages)",
  input: PageQuery,
  response: pageOf(Payout),
})

export const payoutDetail = defineCall({
  method: 'GET',
  path: '/fapi/core/payout/detail/',
  access: 'account',
  summary: 'One withdrawal (the success screen follows its state)',
  input: z.object({ payout_id: QueryId }),
  response: Payout,
})

export * from '../rules/payout.ts'
