import { createHmac, timingSafeEqual } from 'node:crypto'
import { IdentityWebhookEvent } from '@velvet/contract'
import { AppError } from '../errors.ts'
import { WebhookSignatureError } from './provider.ts'

/** `x-idv-signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.rawBody">` (several v1 while keys rotate). */
export const SIGNATURE_HEADER = 'x-idv-signature'

function hmacHex(secret: string, t: number, rawBody: Buffer | string): string {
  return createHmac('sha256', secret).update(`${t}.`).update(rawBody).digest('hex')
}

export function signWebhook(secret: string, rawBody: string, t: number): string {
  return `t=${t},v1=${hmacHex(secret, t, rawBody)}`
}

/** Throws WebhookSignatureError unless the header is well formed, recent enough and one v1 matches. */
export function verifyWebhookSignature(
  secret: string,
  rawBody: Buffer,
  header: string | undefined,
  nowSeconds: number,
  toleranceSeconds: number,
): void {
  if (!header || header.length > 1000) throw new WebhookSignatureError('missing signature')
  const pairs = header.split(',').map((part) => part.trim().split('=', 2) as [string, string | undefined])
  const t = Number(pairs.find(([k]) => k === 't')?.[1])
  const candidates = pairs.filter(([k, v]) => k === 'v1' && v).map(([, v]) => v as string)
  if (!Number.isInteger(t) || candidates.length === 0) throw new WebhookSignatureError('malformed signature')
  if (Math.abs(nowSeconds - t) > toleranceSeconds)
    throw new WebhookSignatureError('timestamp out of tolerance')
  const expected = Buffer.from(hmacHex(secret, t, rawBody))
  const matches = candidates.some((v) => {
    const given = Buffer.from(v.toLowerCase())
    return given.length === expected.length && timingSafeEqual(given, expected)
  })
  if (!matches) throw new WebhookSignatureError('signature mismatch')
}

/** Verifies, then parses the event with the contract (a signed but malformed body is a 1004). */
export function verifySignedEvent(
  secret: string,
  rawBody: Buffer,
  header: string | undefined,
  now: Date,
  toleranceSeconds: number,
): IdentityWebhookEvent {
  verifyWebhookSignature(secret, rawBody, header, Math.floor(now.getTime() / 1000), toleranceSeconds)
  let json: unknown
  try {
    json = JSON.parse(rawBody.toString('utf8'))
  } catch {
    throw new AppError('ValidationFailed', { message: 'The webhook body is not JSON.' })
  }
  const parsed = IdentityWebhookEvent.safeParse(json)
  if (!parsed.success) throw new AppError('ValidationFailed', { message: 'The webhook event is not valid.' })
  return parsed.data
}
