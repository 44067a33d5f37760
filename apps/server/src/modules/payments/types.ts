import type { Tx } from '../../platform/db.ts'

/** A card payment as other modules see it (the payments module owns the table). */
export interface PaymentRecord {
  id: number
  userId: number
  amountCents: number
  /** What the payment buys: 'coins', 'membership', ... (a handler per purpose). */
  purpose: string
  /** Purpose-specific facts, JSON (coins: { coins }; membership: { creator_id, months, ... }). */
  reference: Record<string, unknown>
  /** The card used (our card id). */
  cardId: number | null
}

/** What a purpose does when its payment settles; each runs inside the transaction that records the event. */
export interface PaymentPurposeHandler {
  /** The payment succeeded: grant what it bought (exactly once per payment). */
  succeeded(tx: Tx, payment: PaymentRecord): Promise<void>
  /** The payment failed (declined, 3DS failed, expired card). */
  failed?(tx: Tx, payment: PaymentRecord, reason: string): Promise<void>
  /** A chargeback reversed the payment: take back what it bought where possible. */
  chargedBack?(tx: Tx, payment: PaymentRecord): Promise<void>
}

/** How a charge ended for the caller right now. */
export type ChargeOutcome =
  | { status: 'succeeded'; paymentId: number }
  /** 3DS: send the user to `actionUrl` (the provider's hosted challenge); the result comes by webhook. */
  | { status: 'requires_action'; paymentId: number; actionUrl: string }
  /** Declined: `message` is the spec §8 text to show. */
  | { status: 'failed'; paymentId: number; code: string; message: string }

export interface ChargeRequest {
  userId: number
  /** The card to charge; null = the user's default card. */
  cardId: number | null
  amountCents: number
  purpose: string
  reference: Record<string, unknown>
  /** Our idempotency key for this charge (the provider sees it too). */
  key: string
  description: string
  /** Where the hosted 3DS page sends the user back (a path of the web app). */
  returnPath: string
  /** The web app's origin the person started from (`req.returnOrigin`); renewals leave it out: PUBLIC_URL. */
  origin?: string
  /** Renewals: no user present, so a 3DS challenge cannot happen and counts as a failure. */
  offSession?: boolean
}

/** The payments service other money modules use. */
export interface PaymentsApi {
  registerPurpose(purpose: string, handler: PaymentPurposeHandler): void
  /**
   * Charges a saved card once per `request.key` (a replay answers the payment's state). It commits its own
   * transactions (the payment row, then the move with its purpose's effect): call it outside any
   * transaction. Throws AppError 5101 (card not found), 5103 (no card), 5104 (payments off after a
   * chargeback), 5002 (key reused with another amount), 5106 (provider down: retry with the same key).
   */
  charge(request: ChargeRequest): Promise<ChargeOutcome>
  /** Whether the user has a usable saved card (renewal pre-checks). */
  hasUsableCard(userId: number, at: Date): Promise<boolean>
  /**
   * Whether the user has a payment of this purpose still open (charging, or waiting on 3DS) made since
   * `since` whose reference contains `match` — one membership is paid once even if two requests race.
   */
  hasOpenPayment(
    userId: number,
    purpose: string,
    match: Record<string, unknown>,
    since: Date,
    tx?: Tx,
  ): Promise<boolean>
}
