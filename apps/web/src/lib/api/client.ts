import {
  type CallData,
  type CallDef,
  type CallInput,
  CoreErrorCodes,
  Headers,
  Timing,
} from '@velvet/contract'
import { createServerClock, type ServerClock } from './clock.ts'
import {
  type ApiError,
  envelopeError,
  malformedError,
  networkError,
  statusError,
  timeoutError,
} from './errors.ts'
import { buildHeaders, buildRequest, type ClientInfo, type Credentials } from './request.ts'

export interface ApiEnvironment {
  /** The public signing key from the client config. */
  signingKey: string
  credentials(): Credentials
  client(): ClientInfo
  fetch?: typeof fetch
  /** Prefix for paths (empty in the browser: the API is same-origin). */
  baseUrl?: string
  timeoutMs?: number
  /** Awaited before a call is built (e.g. while the session token is being rotated). */
  beforeCall?(call: CallDef): Promise<void> | void
  /** Code 1001, or HTTP 401 on a call that needs a session (spec §4, §8); `token`: the one it was sent with. */
  onUnauthorized?(error: ApiError, call: CallDef, token: string | null): void
}

export interface CallOptions {
  signal?: AbortSignal
  /**
   * For `idempotent` (money-moving) calls: one key per user action, kept for its retries (see
   * `newIdempotencyKey`). The client makes one when it is not given.
   */
  idempotencyKey?: string
}

/** A fresh Idempotency-Key for one money-moving action (DESIGN §3). */
export function newIdempotencyKey(): string {
  return crypto.randomUUID()
}

/** Upload calls take the file; every other call takes its contract input. */
export type ApiInput<C extends CallDef> = C['upload'] extends { field: string } ? Blob : CallInput<C>

type CallArgs<C extends CallDef> =
  undefined extends ApiInput<C>
    ? [input?: ApiInput<C>, options?: CallOptions]
    : [input: ApiInput<C>, options?: CallOptions]

export interface ApiClient {
  call<C extends CallDef>(call: C, ...args: CallArgs<C>): Promise<CallData<C>>
  configure(environment: ApiEnvironment): void
  /**
   * The spec §7 headers (session token included) a request made on behalf of `call` carries, for requests
   * the client cannot build itself (resumable upload chunks). Waits like a call while the token rotates.
   */
  sessionHeaders(call: CallDef): Promise<Record<string, string>>
  readonly clock: ServerClock
}

const TIMED_OUT = 'velvet-timeout'

type Attempt<T> = { ok: true; data: T } | { ok: false; error: ApiError; token: string | null }

export function createApiClient(clock: ServerClock = createServerClock()): ApiClient {
  let env: ApiEnvironment | null = null

  function environment(): ApiEnvironment {
    if (!env) throw new Error('api.call used before api.configure')
    return env
  }

  async function attempt<C extends CallDef>(
    call: C,
    input: unknown,
    options: CallOptions,
  ): Promise<Attempt<CallData<C>>> {
    const current = environment()
    await current.beforeCall?.(call)
    const credentials = current.credentials()
    const built = await buildRequest(call, input, {
      signingKey: current.signingKey,
      headers: buildHeaders(credentials, current.client()),
      token: credentials.token,
      nowSeconds: clock.nowSeconds(),
    })
    options.signal?.throwIfAborted()
    if (call.idempotent && options.idempotencyKey)
      built.headers[Headers.idempotencyKey] = options.idempotencyKey

    const controller = new AbortController()
    const timer = setTimeout(() => controller.abort(TIMED_OUT), current.timeoutMs ?? Timing.httpTimeoutMs)
    const cancel = () => controller.abort(options.signal?.reason)
    options.signal?.addEventListener('abort', cancel, { once: true })
    if (options.signal?.aborted) cancel()
    const timedOut = () => controller.signal.reason === TIMED_OUT

    try {
      let response: Response
      try {
        response = await (current.fetch ?? globalThis.fetch)(`${current.baseUrl ?? ''}${built.url}`, {
          method: built.method,
          headers: built.headers,
          body: built.body ?? null,
          signal: controller.signal,
          credentials: 'same-origin',
        })
      } catch (error) {
        if (timedOut()) return { ok: false, error: timeoutError(), token: credentials.token }
        if (options.signal?.aborted) throw error
        return { ok: false, error: networkError(), token: credentials.token }
      }

      const serverTs = Number(response.headers.get(Headers.serverTs))
      if (serverTs > 0) clock.syncTo(serverTs)

      let body: unknown = null
      try {
        body = await response.json()
      } catch {
        if (timedOut()) return { ok: false, error: timeoutError(), token: credentials.token }
        if (options.signal?.aborted) throw options.signal.reason
      }

      if (response.ok && isOk(body)) {
        const parsed = call.response.safeParse(body.data)
        if (!parsed.success)
          return { ok: false, error: malformedError(response.status), token: credentials.token }
        return { ok: true, data: parsed.data as CallData<C> }
      }
      const error =
        envelopeError(response.status, body, response.headers.get('retry-after')) ??
        statusError(response.status)
      return { ok: false, error, token: credentials.token }
    } finally {
      clearTimeout(timer)
      options.signal?.removeEventListener('abort', cancel)
    }
  }

  return {
    clock,
    configure(next) {
      env = next
    },
    async sessionHeaders(call) {
      const current = environment()
      await current.beforeCall?.(call)
      return buildHeaders(current.credentials(), current.client())
    },
    async call<C extends CallDef>(call: C, ...args: CallArgs<C>): Promise<CallData<C>> {
      const [input, given = {}] = args
      // One key for every attempt of this action (the 1011 retry below must not move money twice).
      const options = call.idempotent
        ? { ...given, idempotencyKey: given.idempotencyKey ?? newIdempotencyKey() }
        : given
      let result = await attempt(call, input, options)
      // 1011: our clock is off. The answer carried x-server-ts (already applied): sign again, once.
      if (!result.ok && result.error.code === CoreErrorCodes.ClockSkew.code) {
        result = await attempt(call, input, options)
      }
      if (result.ok) return result.data
      const { error } = result
      if (
        error.code === CoreErrorCodes.NotLoggedIn.code ||
        (error.status === 401 && call.access !== 'public')
      ) {
        environment().onUnauthorized?.(error, call, result.token)
      }
      throw error
    },
  }
}

function isOk(body: unknown): body is { result: 'ok'; data: unknown } {
  return typeof body === 'object' && body !== null && (body as { result?: unknown }).result === 'ok'
}
