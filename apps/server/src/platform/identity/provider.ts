import type { IdentityWebhookEvent } from '@velvet/contract'

/** What we ask the partner for: a hosted verification for `reference`, returning the browser to `returnUrl`. */
export interface IdentitySessionRequest {
  reference: string
  returnUrl: string
}

export interface IdentitySession {
  sessionId: string
  /** The partner's hosted page the person opens. */
  url: string
}

/** A partner session as the partner sees it (for reconciling when a webhook went missing). */
export type PartnerSessionState =
  | { status: 'open' }
  | { status: 'submitted' }
  | { status: 'expired' }
  | { status: 'decided'; event: IdentityWebhookEvent }
  | { status: 'unknown' }

/**
 * An identity-verification partner (document + selfie check). The built-in sandbox implements it inside our
 * server; a real partner's adapter implements the same three operations over its API.
 */
export interface IdentityProvider {
  /** Stored with each verification, so a later partner change does not confuse old sessions. */
  readonly name: string
  createSession(request: IdentitySessionRequest): Promise<IdentitySession>
  /**
   * Checks the signature header of a decision webhook against the raw body (and its age against `now`);
   * answers the event, or throws WebhookSignatureError (bad signature) or an AppError 1004 (bad payload).
   */
  verifyWebhook(rawBody: Buffer, signatureHeader: string | undefined, now: Date): IdentityWebhookEvent
  fetchSession(sessionId: string): Promise<PartnerSessionState>
}

export class WebhookSignatureError extends Error {
  constructor(reason: string) {
    super(reason)
    this.name = 'WebhookSignatureError'
  }
}
