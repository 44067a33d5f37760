import { PaymentWebhookEvent } from '@velvet/contract'
import { AppError } from '../errors.ts'
import { signWebhook, verifyWebhookSignature } from '../identity/signature.ts'

/**
 * `x-payments-signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.rawBody">`: the identity partner's
 * scheme (identity/signature.ts), under the payment provider's own header and secret.
 */
export const PAYMENTS_SIGNATURE_HEADER = 'x-payments-signature'
/** A webhook older (or newer) than this is refused: a replayed capture cannot be applied later. */
export const PAYMENTS_WEBHOOK_TOLERANCE_SECONDS = 300

export { signWebhook as signPaymentsWebhook }

/** Verifies the signature, then parses the event with the contract (signed but malformed: 1004). */
export function verifyPaymentsEvent(
  secret: string,
  rawBody: Buffer,
  header: string | undefined,
  now: Date,
): PaymentWebhookEvent {
  verifyWebhookSignature(
    secret,
    rawBody,
    header,
    Math.floor(now.getTime() / 1000),
    PAYMENTS_WEBHOOK_TOLERANCE_SECONDS,
  )
  let json: unknown
  try {
    json = JSON.parse(rawBody.toString('utf8'))
  } catch {
    throw new AppError('ValidationFailed', { message: 'The webhook body is not JSON.' })
  }
  const parsed = PaymentWebhookEvent.safeParse(json)
  if (!parsed.success) throw new AppError('ValidationFailed', { message: 'The webhook event is not valid.' })
  return parsed.data
}
