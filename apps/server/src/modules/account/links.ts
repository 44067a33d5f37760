import { createHmac, timingSafeEqual } from 'node:crypto'

/** Length of the base64url signature an unsubscribe link carries (192 bits of the HMAC). */
const SIG_LENGTH = 32

/** HMAC-SHA256 over `${userId}.${category}`, keyed with the server secret, base64url, truncated. */
export function unsubscribeSignature(secret: string, userId: number, category: string): string {
  return createHmac('sha256', secret).update(`${userId}.${category}`).digest('base64url').slice(0, SIG_LENGTH)
}

export function isValidUnsubscribeSignature(
  secret: string,
  userId: number,
  category: string,
  sig: string,
): boolean {
  const expected = Buffer.from(unsubscribeSignature(secret, userId, category))
  const given = Buffer.from(sig)
  return given.length === expected.length && timingSafeEqual(given, expected)
}

/** `f***@example.com`: enough to recognise the address, not enough to harvest it. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@')
  if (at <= 0) return '***'
  return `${email.slice(0, 1)}***${email.slice(at)}`
}
