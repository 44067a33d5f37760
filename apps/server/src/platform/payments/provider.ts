import type { PaymentWebhookEvent } from '@velvet/contract'

/** What we keep of a card: the provider's token plus what a person recognises it by. */
export interface CardDetails {
  brand: string
  last4: string
  expMonth: number
  expYear: number
}

export interface SetupSession {
  sessionId: string
  /** The provider's hosted card form the browser opens. */
  url: string
}

/** A hosted card form as the provider sees it (finishing a setup when its webhook is late or lost). */
export type SetupState =
  | { status: 'open' }
  | { status: 'expired' }
  | { status: 'unknown' }
  | { status: 'completed'; reference: string; cardToken: string }

export interface ProviderChargeRequest {
  /** The saved card's token. */
  token: string
  amountCents: number
  /** The same key answers the same charge (retries never charge twice). */
  idempotencyKey: string
  /** Ours (the payment id): the provider echoes it in its events. */
  reference: string
  description: string
  /** No person present (renewals): a 3DS challenge cannot happen and declines the charge. */
  offSession: boolean
  /** Where the hosted 3DS page sends the browser back (an absolute URL). */
  returnUrl: string
}

/** A charge as the provider answers it. */
export type ProviderCharge =
  | { chargeId: string; status: 'succeeded' }
  | { chargeId: string; status: 'requires_action'; actionUrl: string }
  | { chargeId: string; status: 'failed'; declineCode: string }
  /** A succeeded charge the card holder disputed (a chargeback). */
  | { chargeId: string; status: 'disputed' }

/**
 * A card payment provider (DESIGN §4). The built-in sandbox implements it inside our server; a real
 * processor's adapter implements the same operations over its API. Card numbers only ever reach the
 * provider's hosted form: we hold tokens.
 */
export interface PaymentProvider {
  readonly name: string
  /** A hosted card form for `reference` (our user id) that returns the browser to `returnUrl`. */
  createSetupSession(request: { reference: string; returnUrl: string }): Promise<SetupSession>
  fetchSetupSession(sessionId: string): Promise<SetupState>
  cardDetails(token: string): Promise<CardDetails | null>
  charge(request: ProviderChargeRequest): Promise<ProviderCharge>
  /** The provider's current view of a charge (null: unknown). */
  fetchCharge(chargeId: string): Promise<ProviderCharge | null>
  /**
   * The charge made with this idempotency key, if the provider ever received the request (null: it never
   * did, so nothing was charged). Reconciliation asks it about a payment whose charge call never answered
   * (the process died, the provider was down): finish it if the charge exists, else expire it.
   */
  findCharge(idempotencyKey: string): Promise<ProviderCharge | null>
  /**
   * Checks the signature header of a webhook against the raw body and its age against `now`; answers the
   * event, or throws WebhookSignatureError (bad signature, old timestamp) or an AppError 1004 (bad payload).
   */
  verifyWebhook(rawBody: Buffer, signatureHeader: string | undefined, now: Date): PaymentWebhookEvent
}
