/**
 * Request signing (spec §7, docs/api.md). Shared by the web client and the server so both build the
 * same canonical string. Uses Web Crypto, present in browsers and in Node.
 */
export type SignParams = Record<string, unknown>

function encodeValue(value: unknown): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  return JSON.stringify(value)
}

const hex = (byte: number) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`

/** Half of a UTF-16 surrogate pair standing alone: not text, but JSON can carry one ("\\ud800"). */
const LONE_SURROGATE = /\p{Cs}/u

/**
 * encodeURIComponent for any string. A lone surrogate, which encodeURIComponent refuses with a URIError, is
 * written as the three bytes WTF-8 gives it (%ED%A0%80 for U+D800): the canonical string never throws, so a
 * bad param is refused by validation (or by the signature check) rather than ending the request in a 500,
 * and the encoding stays one-to-one (unlike replacing it with U+FFFD).
 */
export function percentEncode(text: string): string {
  if (!LONE_SURROGATE.test(text)) return encodeURIComponent(text)
  let out = ''
  for (const char of text) {
    const unit = char.charCodeAt(0)
    out += LONE_SURROGATE.test(char)
      ? hex(0xe0 | (unit >> 12)) + hex(0x80 | ((unit >> 6) & 0x3f)) + hex(0x80 | (unit & 0x3f))
      : encodeURIComponent(char)
  }
  return out
}

/** METHOD \n path \n k=v&k=v with keys sorted by code point; `sign` itself and undefined values left out. */
export function canonicalRequest(method: string, path: string, params: SignParams): string {
  const pairs = Object.keys(params)
    .filter((key) => key !== 'sign' && params[key] !== undefined)
    .sort()
    .map((key) => `${percentEncode(key)}=${percentEncode(encodeValue(params[key]))}`)
  return `${method.toUpperCase()}\n${path}\n${pairs.join('&')}`
}

/** The HMAC key: the public client key, bound to the session token when there is one. */
export function signingKey(clientKey: string, token: string | null | undefined): string {
  return token ? `${clientKey}:${token}` : clientKey
}

const encoder = new TextEncoder()

export async function hmacHex(key: string, message: string): Promise<string> {
  const cryptoKey = await crypto.subtle.importKey(
    'raw',
    encoder.encode(key),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  )
  const mac = await crypto.subtle.sign('HMAC', cryptoKey, encoder.encode(message))
  return Array.from(new Uint8Array(mac), (b) => b.toString(16).padStart(2, '0')).join('')
}

export function signRequest(key: string, method: string, path: string, params: SignParams): Promise<string> {
  return hmacHex(key, canonicalRequest(method, path, params))
}
