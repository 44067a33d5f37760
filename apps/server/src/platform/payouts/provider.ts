/**
 * A payout provider (bank transfers, PayPal payouts, USDT transfers). The built-in sandbox implements it in
 * process; a real provider's adapter implements the same three operations over its API.
 */

/** Where money goes; the account number or address goes to the provider only, never into our database. */
export type PayoutRecipient =
  | { kind: 'ach'; accountName: string; routingNumber: string; accountNumber: string; accountType: string }
  | { kind: 'paypal'; email: string }
  | { kind: 'usdt'; address: string }

export interface PayoutSendRequest {
  /** Ours, unique per withdrawal: the provider deduplicates on it (a retried send is not a second payout). */
  reference: string
  recipientToken: string
  /** What arrives (the fee stays with us), in US cents. */
  netCents: number
}

/** A payout as the provider sees it. */
export type ProviderPayoutState =
  | { status: 'processing' }
  | { status: 'paid' }
  | { status: 'failed'; reason: string }

export interface PayoutProvider {
  /** Stored with each method, so a later provider change does not confuse old tokens. */
  readonly name: string
  /** Registers a recipient; answers the token withdrawals are sent to. */
  createRecipient(recipient: PayoutRecipient): Promise<{ token: string }>
  /** Starts a payout (idempotent on `reference`); answers the provider's reference for it. */
  send(request: PayoutSendRequest): Promise<{ providerRef: string }>
  /** Where the payout is now. */
  status(providerRef: string): Promise<ProviderPayoutState>
  /** How long to wait before asking `status` again while it is processing. */
  readonly pollAfterMs: number
}
