import { z } from 'zod'
import { CoinRules, PaymentTexts } from '../money.ts'
import { Id, QueryId } from '../rules/ids.ts'
import { LineText } from '../rules/text.ts'
import { defineCall } from './define.ts'

/**
 * Card payments: saved cards through the provider's hosted form, coin
 * purchases by card (3DS on the provider's hosted page), payment status, and the provider's webhook.
 */

/**
 * Our own decline code: the charge never reached the provider (the server stopped between saving the payment
 * and calling it, or the provider was down and the fan never retried), so reconciliation expired it.
 */
export const PAYMENT_NOT_SENT = 'payment_not_sent'

/** Decline codes the provider answers (Stripe's names) and the text a fan sees (spec §8 where it has one). */
export const CardDeclineTexts: Record<string, string> = {
  [PAYMENT_NOT_SENT]: 'This payment did not go through and your card was not charged. Please try again.',
  insufficient_funds: PaymentTexts.insufficientFunds,
  authentication_failed: PaymentTexts.verificationFailed,
  authentication_required: PaymentTexts.verificationFailed,
  card_declined: PaymentTexts.verificationFailed,
  expired_card: 'Your card has expired. Please use a different card.',
}

/** The text of a decline code (unknown codes read as the spec's generic card error). */
export function declineText(code: string | null | undefined): string {
  return (code && CardDeclineTexts[code]) || PaymentTexts.cardSaveFailed
}

/**
 * How the app follows a payment that waits on the bank (back from the 3DS page): it asks every `everyMs`,
 * and after `giveUpAfterMs` it stops and says so instead of spinning (the server settles the payment, or
 * expires one that never reached the provider, on its own; the fan can check again).
 */
export const PaymentStatusPolling = { everyMs: 1_500, giveUpAfterMs: 60_000 } as const

/** What the app says once it stopped waiting for a payment (ours: spec §8 has none). */
export const PaymentWaitTexts = {
  stillOpenTitle: 'Still waiting for your bank',
  stillOpen:
    "We haven't heard back about this payment yet. If it goes through, you'll see it in your transactions; " +
    "if it doesn't, your card won't be charged.",
  checkAgain: 'Check again',
} as const

/** The sandbox provider's test cards (Stripe's numbers): any future expiry, any CVC. */
export const SandboxTestCards = [
  { number: '4242 4242 4242 4242', outcome: 'Succeeds' },
  { number: '4000 0000 0000 9995', outcome: 'Declined: insufficient funds' },
  { number: '4000 0027 6000 3184', outcome: '3D Secure required, then succeeds' },
  { number: '4000 0084 0000 1629', outcome: '3D Secure required, then declined' },
  { number: '4000 0000 0000 0069', outcome: 'Declined: expired card' },
] as const

/** A coin amount to buy: the spec's 1-10000, with the words a form shows. */
export const CoinAmount = z
  .number({ message: `Enter a number from ${CoinRules.min} to ${CoinRules.max}.` })
  .int({ message: 'Coins are whole numbers.' })
  .min(CoinRules.min, { message: `Enter a number from ${CoinRules.min} to ${CoinRules.max}.` })
  .max(CoinRules.max, { message: `Enter a number from ${CoinRules.min} to ${CoinRules.max}.` })

/** A path of the web app to come back to after a hosted page (never another site). */
export const ReturnPath = LineText.max(1000)
  .regex(/^\/(?![/\\])[^\s\\]*$/, { message: 'Not a path of this app.' })
  .default('/manage/cards')

export const CardId = Id

export const SavedCard = z.object({
  card_id: CardId,
  /** visa, mastercard, amex, discover or card. */
  brand: z.string(),
  last4: z.string(),
  exp_month: z.number().int(),
  exp_year: z.number().int(),
  is_default: z.boolean(),
  /** Past its expiry month: kept in the list, not usable. */
  expired: z.boolean(),
})
export type SavedCard = z.infer<typeof SavedCard>

const CardList = z.object({ cards: z.array(SavedCard) })

export const paymentCards = defineCall({
  method: 'GET',
  path: '/fapi/core/payments/cards/',
  access: 'account',
  summary: 'Saved cards (brand, last 4, expiry), the default first.',
  response: CardList,
})

export const startCardSetup = defineCall({
  method: 'POST',
  path: '/fapi/core/payments/card_setup/',
  access: 'account',
  summary:
    "Opens the provider's hosted card form; it sends the browser back to return_path?setup_session_id=…",
  input: z.object({ return_path: ReturnPath }),
  response: z.object({ session_id: z.string(), url: z.string() }),
})

export const finishCardSetup = defineCall({
  method: 'POST',
  path: '/fapi/core/payments/card_setup_finish/',
  access: 'account',
  summary: 'Saves the card of a completed hosted form (also done by the webhook; either order, once).',
  input: z.object({ session_id: LineText.min(1).max(100) }),
  response: CardList.extend({ card: SavedCard }),
})

export const setDefaultCard = defineCall({
  method: 'POST',
  path: '/fapi/core/payments/card_default/',
  access: 'account',
  summary: 'Makes a saved card the default.',
  input: z.object({ card_id: CardId }),
  response: CardList,
})

export const removeCard = defineCall({
  method: 'POST',
  path: '/fapi/core/payments/card_remove/',
  access: 'account',
  summary: 'Removes a saved card (the newest other card becomes the default).',
  input: z.object({ card_id: CardId }),
  response: CardList,
})

export const CoinPack = z.object({ coins: z.number().int(), price_cents: z.number().int() })

export const coinPacks = defineCall({
  method: 'GET',
  path: '/fapi/core/payments/coin_packs/',
  access: 'session',
  summary: 'Coin packs and the custom amount range (1 coin = US$0.10).',
  response: z.object({
    packs: z.array(CoinPack),
    min: z.number().int(),
    max: z.number().int(),
    coin_cents: z.number().int(),
  }),
})

export const PaymentStatusValue = z.enum([
  'pending',
  'requires_action',
  'succeeded',
  'failed',
  'charged_back',
])
export type PaymentStatusValue = z.infer<typeof PaymentStatusValue>

/** Where a card payment stands, as the fan sees it. */
export const PaymentOutcome = z.object({
  payment_id: z.number().int(),
  status: PaymentStatusValue,
  amount_cents: z.number().int(),
  /** Coins bought (coin purchases), else null. */
  coins: z.number().int().nullable(),
  /** The fan's coins after a successful coin purchase, else null. */
  balance: z.number().int().nullable(),
  /** requires_action: the provider's hosted 3DS page to open. */
  action_url: z.string().nullable(),
  /** failed: the decline code and the text to show (spec §8). */
  code: z.string().nullable(),
  message: z.string().nullable(),
})
export type PaymentOutcome = z.infer<typeof PaymentOutcome>

export const buyCoins = defineCall({
  method: 'POST',
  path: '/fapi/core/payments/buy_coins/',
  access: 'account',
  idempotent: true,
  summary: 'Buys coins with a saved card (default when card_id is absent); 3DS answers requires_action.',
  input: z.object({
    coins: CoinAmount,
    card_id: CardId.nullish(),
    /** Where the hosted 3DS page sends the browser back (payment_id is added). */
    return_path: ReturnPath.default('/pay/coins'),
  }),
  response: PaymentOutcome,
})

export const paymentStatus = defineCall({
  method: 'GET',
  path: '/fapi/core/payments/status/',
  access: 'account',
  summary: 'A payment of the viewer (after the 3DS page); asks the provider when the webhook is late.',
  input: z.object({ payment_id: QueryId }),
  response: PaymentOutcome,
})

/** A provider event (Stripe-like): setup and payment results, disputes (chargebacks). */
export const PaymentWebhookEvent = z.object({
  id: LineText.min(1).max(100),
  type: z.enum(['setup.succeeded', 'payment.succeeded', 'payment.failed', 'charge.disputed']),
  /** Unix seconds. */
  created: z.number().int(),
  data: z.object({
    session_id: LineText.max(100).nullish(),
    card_token: LineText.max(100).nullish(),
    charge_id: LineText.max(100).nullish(),
    /** Ours: the user id (setups) or the payment id (charges). */
    reference: LineText.max(100),
    amount_cents: z.number().int().nullish(),
    decline_code: LineText.max(100).nullish(),
  }),
})
export type PaymentWebhookEvent = z.infer<typeof PaymentWebhookEvent>

export const paymentsWebhook = defineCall({
  method: 'POST',
  path: '/fapi/core/payments/webhook/',
  access: 'public',
  unsigned: true,
  summary:
    'Card provider events (HMAC-SHA256 over "t.body", t within 300 s; each event id applied once with its effect).',
  input: PaymentWebhookEvent,
  response: z.object({ received: z.literal(true) }),
})
