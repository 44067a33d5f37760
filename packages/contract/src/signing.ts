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

/** METHOD \n path \n k=v&k=v with keys sorted by code point; `sign` itself and undefined values left out. */
export function canonicalRequest(method: string, path: string, params: SignParams): string {
  const pairs = Object.keys(params)
    .filter((key) => key !== 'sign' && params[key] !== undefined)
    .sort()
    .map((key) => `${encodeURIComponent(key)}=${encodeURIComponent(encodeValue(params[key]))}`)
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
