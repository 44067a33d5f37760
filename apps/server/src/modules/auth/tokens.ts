import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'

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

const PAGE_TOKEN_PREFIX = 'p1.'

/**
 * Page tokens (docs/api.md "Sessions"): the short-lived bearer a web page holds in memory instead of the
 * session token, `p1.<session id>.<expiry, Unix seconds>.<HMAC>`, keyed with a key derived from the app
 * secret. Nothing is stored: the session it names must still be live when it is used, so a logout or a
 * revoked session ends its page tokens at once.
 */
export function createPageTokens(appSecret: string) {
  const key = createHmac('sha256', appSecret).update('velvet page token v1').digest()
  const mac = (body: string) => createHmac('sha256', key).update(body).digest()

  return {
    isPageToken: (token: string) => token.startsWith(PAGE_TOKEN_PREFIX),

    issue(sessionId: number, expiresAt: number): string {
      const body = `${PAGE_TOKEN_PREFIX}${sessionId}.${expiresAt}`
      return `${body}.${mac(body).toString('base64url')}`
    },

    /** The session a page token names, if its MAC is right and it has not run out at `nowSeconds`. */
    read(token: string, nowSeconds: number): { sessionId: number; expiresAt: number } | null {
      const parts = token.split('.')
      if (parts.length !== 4 || `${parts[0]}.` !== PAGE_TOKEN_PREFIX) return null
      const [, sid = '', exp = '', sig = ''] = parts
      if (!/^\d{1,18}$/.test(sid) || !/^\d{1,12}$/.test(exp)) return null
      const expected = mac(`${PAGE_TOKEN_PREFIX}${sid}.${exp}`)
      const given = Buffer.from(sig, 'base64url')
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null
      const expiresAt = Number(exp)
      if (expiresAt <= nowSeconds) return null
      return { sessionId: Number(sid), expiresAt }
    },
  }
}

export type PageTokens = ReturnType<typeof createPageTokens>
