import type { CallData, CallDef } from '@velvet/contract'
import { Headers, IDEMPOTENCY_KEY_PATTERN, okBody } from '@velvet/contract'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { AppError } from './errors.ts'

/** Who is calling: resolved from the bearer token by the auth plugin before any handler runs. */
export interface Viewer {
  userId: number
  userType: number
  userRole: number
  sessionId: number
  /** The raw bearer token (needed to verify the request signature). */
  token: string
  /** A session token, or a web page's short-lived page token (docs/api.md "Sessions"). */
  credential: 'session' | 'page'
  /** When the session ends. */
  expiresAt: Date
  /** When this bearer token stops working: the session's end, or sooner for a page token. */
  tokenExpiresAt: Date
  /** A signed-up account (not an anonymous guest). */
  isAccount: boolean
}

declare module 'fastify' {
  interface FastifyRequest {
    viewer: Viewer | null
  }
  interface FastifyContextConfig {
    /** The contract call a route serves (read by the signing and auth hooks). */
    call?: CallDef
  }
}

export interface CallContext<C extends CallDef> {
  input: C['input'] extends z.ZodType ? z.output<C['input']> : undefined
  viewer: C['access'] extends 'public' ? Viewer | null : Viewer
  req: FastifyRequest
  reply: FastifyReply
  /** The checked Idempotency-Key of an `idempotent` call (empty for other calls). */
  idempotencyKey: string
}

/** Reads and checks an Idempotency-Key header value (DESIGN §3). */
export function parseIdempotencyKey(value: unknown): string {
  if (typeof value !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(value))
    throw new AppError('IdempotencyKeyMissing')
  return value
}

/**
 * A call's `data` already serialised (JSON text that passed the call's response schema), sent as it is: for
 * answers kept in memory, so that a repeat costs no presenting, schema pass or stringify.
 */
export class SerializedData<C extends CallDef = CallDef> {
  readonly call: C
  readonly json: string

  /** Only `of` makes one: the text has been through the call's response schema. */
  private constructor(call: C, json: string) {
    this.call = call
    this.json = json
  }

  /** `data` of `call` serialised once. */
  static of<C extends CallDef>(call: C, data: CallData<C>): SerializedData<C> {
    // What the route's serializer does with a handler's answer (fastify-type-provider-zod: encode, stringify).
    return new SerializedData(call, JSON.stringify(z.encode(call.response, data)))
  }
}

type Handler<C extends CallDef> = (
  ctx: CallContext<C>,
) => Promise<CallData<C> | SerializedData<C>> | CallData<C> | SerializedData<C>

/** The OpenAPI tag of a call: its module (`/fapi/core/<module>/...`, `/api/<module>/...`). */
function moduleOf(path: string): string {
  const segments = path.split('/').filter(Boolean)
  return (path.startsWith('/fapi/core/') ? segments[2] : segments[1]) ?? 'app'
}

/** A route limit for @fastify/rate-limit; per user when asked (the viewer is resolved on every request first). */
function routeLimit(limit: { max: number; timeWindow: string | number; perUser?: boolean }) {
  const { perUser, ...rest } = limit
  if (!perUser) return rest
  return {
    ...rest,
    keyGenerator: (req: FastifyRequest) => (req.viewer ? `user:${req.viewer.userId}` : `ip:${req.ip}`),
  }
}

/**
 * The Cache-Control of an answer of `call` with `status`. Answers of `session` and `account` calls belong to
 * their viewer (tokens, balances, signed media urls, unread counts): never stored anywhere. A `public` call's
 * answer is not stored either (sign-in tokens, a guest's session, the server's time, unsubscribe details),
 * unless the contract declares its success answer the same for everyone (`cache`).
 */
export function cacheControlOf(call: CallDef, status: number): string {
  if (call.access !== 'public') return 'private, no-store'
  if (call.cache && status === 200) return `public, max-age=${call.cache.maxAgeSeconds}`
  return 'no-store'
}

/**
 * Register one contract call: the path, method, input schema and response schema all come from the
 * contract, so a route cannot drift from what the client sends and expects.
 */
export function registerCall<C extends CallDef>(
  app: FastifyInstance,
  call: C,
  handler: Handler<C>,
  options: {
    /** A route's own limit; `perUser` counts per signed-in user instead of per address (NAT, offices). */
    rateLimit?: { max: number; timeWindow: string | number; perUser?: boolean }
  } = {},
): void {
  const schema: Record<string, unknown> = {
    summary: call.summary,
    tags: [moduleOf(call.path)],
    response: { 200: okBody(call.response) },
  }
  if (call.input) schema[call.method === 'GET' ? 'querystring' : 'body'] = call.input
  if (call.cache && call.access !== 'public') {
    throw new Error(`${call.path} is a ${call.access} call: its answers are private and never cacheable`)
  }

  app.withTypeProvider<ZodTypeProvider>().route({
    method: call.method,
    url: call.path,
    schema,
    config: { call, ...(options.rateLimit ? { rateLimit: routeLimit(options.rateLimit) } : {}) },
    // Every answer of the route, errors of the hooks before the handler included, is set here and only here.
    onSend: async (_req, reply, payload) => {
      reply.header('cache-control', cacheControlOf(call, reply.statusCode))
      return payload
    },
    handler: async (req, reply) => {
      if (call.access !== 'public' && !req.viewer) throw new AppError('NotLoggedIn')
      if (call.access === 'account' && !req.viewer?.isAccount) throw new AppError('SignupNeedsLogin')
      const input = call.input ? (call.method === 'GET' ? req.query : req.body) : undefined
      const idempotencyKey = call.idempotent ? parseIdempotencyKey(req.headers[Headers.idempotencyKey]) : ''
      const data = await handler({ input, viewer: req.viewer, req, reply, idempotencyKey } as CallContext<C>)
      if (data instanceof SerializedData) {
        if (data.call !== call) throw new Error(`${call.path} answered data serialised for ${data.call.path}`)
        // A string with a JSON content type is sent as it is by Fastify (no serializer runs).
        reply.type('application/json; charset=utf-8')
        return `{"result":"ok","data":${data.json}}` as unknown as { result: 'ok'; data: CallData<C> }
      }
      return { result: 'ok' as const, data }
    },
  })
}
