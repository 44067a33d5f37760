import { createHmac, timingSafeEqual } from 'node:crypto'
import { canonicalRequest, Headers, Signing, signingKey } from '@velvet/contract'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { AppError } from './errors.ts'

export function bearerToken(req: FastifyRequest): string | null {
  const header = req.headers.authorization
  if (!header?.startsWith('Bearer ')) return null
  const token = header.slice(7).trim()
  return token.length > 0 && token.length <= 200 ? token : null
}

function asRecord(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {}
}

function safeEqualHex(a: string, b: string): boolean {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}

/**
 * Verifies `ts` and `sign` on every contract call that is not marked unsigned (spec §7, docs/api.md).
 * Runs before validation so it sees the params exactly as sent.
 */
export function installRequestSigning(
  app: FastifyInstance,
  options: { clientKey: string; now: () => number },
): void {
  app.addHook('onSend', async (_req, reply) => {
    reply.header(Headers.serverTs, String(Math.floor(options.now() / 1000)))
  })

  app.addHook('preValidation', async (req) => {
    const call = req.routeOptions.config.call
    if (!call || call.unsigned) return
    const query = asRecord(req.query)
    const isJson = req.method !== 'GET' && !req.isMultipart()
    const params = isJson ? { ...query, ...asRecord(req.body) } : query

    const sign = typeof params.sign === 'string' ? params.sign : req.headers[Headers.signature]
    const ts = Number(params.ts)
    if (typeof sign !== 'string' || params.ts === undefined || !Number.isInteger(ts)) {
      throw new AppError('BadSignature', { message: 'The request is not signed (ts and sign are required).' })
    }
    const serverSeconds = Math.floor(options.now() / 1000)
    if (Math.abs(serverSeconds - ts) > Signing.maxSkewSeconds) {
      throw new AppError('ClockSkew', { headers: { [Headers.serverTs]: String(serverSeconds) } })
    }
    const path = req.url.split('?')[0] ?? req.url
    // The contract's canonical string and key, hashed with node's HMAC: the same digest as the client's Web
    // Crypto one, without importing a CryptoKey per request (a tenth of a feed request's CPU).
    const expected = createHmac('sha256', signingKey(options.clientKey, bearerToken(req)))
      .update(canonicalRequest(req.method, path, params))
      .digest('hex')
    if (!safeEqualHex(expected, sign.toLowerCase())) throw new AppError('BadSignature')
  })
}
