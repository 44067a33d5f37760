import { createHash, randomBytes, randomInt } from 'node:crypto'

/** An opaque bearer token: 32 random bytes, base64url. Only its hash is stored. */
export function newToken(): string {
  return randomBytes(32).toString('base64url')
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

export function newEmailCode(length: number): string {
  return String(randomInt(0, 10 ** length)).padStart(length, '0')
}

export function hashEmailCode(email: string, code: string): string {
  return createHash('sha256').update(`${email}\n${code}`).digest('hex')
}
