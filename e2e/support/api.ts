import { randomUUID } from 'node:crypto'
import type { Page } from 'playwright-core'
import {
  type CallData,
  type CallDef,
  type CallInput,
  ClientConfig,
  clientConfig,
  completeSignup,
  DEFAULT_PLATFORM,
  ErrorBody,
  Headers,
  login,
  Session,
  SessionUser,
  sendEmailCode,
  signingKey,
  signRequest,
  signupAnonymous,
  UserRole,
  UserType,
} from '../../packages/contract/src/index.ts'
import { SessionCookies, type SmtpServer, StorageKeys, storedItem, uniqueUsername } from './auth.ts'

/**
 * A small signed API client for Node, for journeys that need server state made the real way (creators,
 * followers) or checked behind the UI. It builds calls exactly like apps/web/src/lib/api/request.ts: the
 * headers of spec §7, GET input in the query, POST input as a JSON body, `ts` + `sign` (contract
 * signing.ts, keyed with the client key from client_config bound to the session token).
 */

/** Who calls: an account (or a guest) by its token; null calls without a session. */
export interface Caller {
  token: string
  userId: number
  userRole: number
  userType: number
}

/** A signed-up account as the journeys use it. */
export interface ApiUser extends Caller {
  userName: string
  nickname: string
  email: string
}

/** A refused call: the envelope's code and message, the HTTP status. */
export class ApiCallError extends Error {
  readonly status: number
  readonly code: number | null

  constructor(path: string, status: number, code: number | null, message: string) {
    super(`${path}: ${status} ${code ?? '-'} ${message}`)
    this.name = 'ApiCallError'
    this.status = status
    this.code = code
  }
}

export type Outcome<C extends CallDef> =
  | { ok: true; data: CallData<C> }
  | { ok: false; status: number; code: number | null; message: string }

export interface Api {
  readonly baseUrl: string
  /** The answer's data, or throws ApiCallError. */
  call<C extends CallDef>(call: C, input: CallInput<C>, as?: Caller | null): Promise<CallData<C>>
  /** The answer either way (for checking refusals). */
  attempt<C extends CallDef>(call: C, input: CallInput<C>, as?: Caller | null): Promise<Outcome<C>>
}

function asRecord(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {}
}

/** A query value as the server reads it back (request.ts queryValue). */
function queryValue(value: unknown): string {
  if (value === null) return ''
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  return JSON.stringify(value)
}

function headersFor(as: Caller | null, deviceId: string, appVersion: string): Record<string, string> {
  const headers: Record<string, string> = {
    [Headers.platform]: DEFAULT_PLATFORM,
    [Headers.platformUi]: '',
    [Headers.timezone]: 'UTC',
    [Headers.deviceId]: deviceId,
    [Headers.userRole]: String(as?.userRole ?? UserRole.None),
    [Headers.userType]: String(as?.userType ?? UserType.Anonymous),
    [Headers.internalTest]: '0',
    [Headers.appVersion]: appVersion,
  }
  if (as) {
    headers[Headers.token] = `${Session.tokenType} ${as.token}`
    headers[Headers.userId] = String(as.userId)
  }
  return headers
}

/**
 * An Api for a server that starts later (a journey's, in its beforeAll): it connects at its first call, so
 * a journey file can hold it from the top.
 */
export function lazyApi(baseUrl: () => string): Api {
  let connected: Promise<Api> | undefined
  const connection = () => {
    connected ??= connectApi(baseUrl())
    return connected
  }
  return {
    get baseUrl() {
      return baseUrl()
    },
    async call<C extends CallDef>(call: C, input: CallInput<C>, as?: Caller | null) {
      return (await connection()).call(call, input, as)
    },
    async attempt<C extends CallDef>(call: C, input: CallInput<C>, as?: Caller | null) {
      return (await connection()).attempt(call, input, as)
    },
  }
}

/** Connects to the server at `baseUrl`: reads the client config (signing key, version) once. */
export async function connectApi(baseUrl: string): Promise<Api> {
  const response = await fetch(`${baseUrl}${clientConfig.path}`)
  const config = ClientConfig.parse(asRecord(await response.json()).data)
  const deviceId = `e2e-${randomUUID()}`

  async function attempt<C extends CallDef>(
    call: C,
    input: CallInput<C>,
    as: Caller | null = null,
  ): Promise<Outcome<C>> {
    if (call.upload) throw new Error(`${call.path} is an upload: not supported by this client`)
    const headers = headersFor(as, deviceId, config.version)
    // A money-moving call carries an Idempotency-Key (DESIGN §3): one per call here (no retries).
    if (call.idempotent) headers[Headers.idempotencyKey] = randomUUID()
    const ts = Math.floor(Date.now() / 1000)
    const key = signingKey(config.signing_key, as?.token ?? null)
    let url = call.path
    let body: string | undefined
    if (call.method === 'GET') {
      const params: Record<string, string> = {}
      for (const [name, value] of Object.entries({ ...asRecord(input), ts })) {
        if (value !== undefined) params[name] = queryValue(value)
      }
      const sign = await signRequest(key, 'GET', call.path, params)
      headers[Headers.signature] = sign
      url = `${call.path}?${new URLSearchParams({ ...params, sign })}`
    } else {
      const params = asRecord(JSON.parse(JSON.stringify({ ...asRecord(input), ts })))
      const sign = await signRequest(key, 'POST', call.path, params)
      headers[Headers.signature] = sign
      headers['content-type'] = 'application/json'
      body = JSON.stringify({ ...params, sign })
    }
    const answer = await fetch(`${baseUrl}${url}`, { method: call.method, headers, body })
    const json: unknown = await answer.json().catch(() => null)
    if (answer.ok && asRecord(json).result === 'ok') {
      return { ok: true, data: call.response.parse(asRecord(json).data) as CallData<C> }
    }
    const error = ErrorBody.safeParse(json)
    return {
      ok: false,
      status: answer.status,
      code: error.success ? error.data.error.code : null,
      message: error.success ? error.data.error.message : `HTTP ${answer.status}`,
    }
  }

  return {
    baseUrl,
    attempt,
    async call(call, input, as = null) {
      const outcome = await attempt(call, input, as)
      if (outcome.ok) return outcome.data
      throw new ApiCallError(call.path, outcome.status, outcome.code, outcome.message)
    },
  }
}

const accountOf = (token: string, user: SessionUser): Caller => ({
  token,
  userId: user.user_id,
  userRole: user.user_role,
  userType: UserType.LoggedIn,
})

/**
 * The whole e-mail code sign-up over the API (no browser): a guest, a code read from the test SMTP server,
 * sign-in, then birthday, username and display name. For the extra people a journey needs.
 */
export async function signUpByApi(
  api: Api,
  smtp: SmtpServer,
  who: { email: string; nickname: string; userName?: string },
): Promise<ApiUser> {
  const guest = await api.call(signupAnonymous, undefined)
  const asGuest: Caller = {
    token: guest.token,
    userId: guest.user_id,
    userRole: UserRole.None,
    userType: UserType.Anonymous,
  }
  await api.call(sendEmailCode, { email: who.email }, asGuest)
  const code = await smtp.waitForCode(who.email)
  const session = await api.call(login, { type: 'email', email: who.email, code }, asGuest)
  const userName = who.userName ?? uniqueUsername()
  const { user } = await api.call(
    completeSignup,
    { birthday: '1993-05-14', user_name: userName, nickname: who.nickname },
    accountOf(session.ptoken, session.user),
  )
  return { ...accountOf(session.ptoken, user), userName, nickname: who.nickname, email: who.email }
}

/**
 * The account signed in in `page` (after auth.ts signUp), as an API caller: the session token from its
 * HttpOnly cookie (the browser context reads it; the page cannot) and the id from the user id cookie, the
 * user from the stored record. The API client holds the session token as the bearer, as API clients do.
 */
export async function sessionOf(page: Page): Promise<ApiUser> {
  const cookies = await page.context().cookies()
  const token = cookies.find((c) => c.name === SessionCookies.userToken)?.value
  const userId = Number(cookies.find((c) => c.name === SessionCookies.userId)?.value)
  const raw = await storedItem(page, StorageKeys.user)
  if (!token || !raw) throw new Error('no signed-in account in this page')
  const user = SessionUser.parse(JSON.parse(raw))
  if (user.user_id !== userId || !user.user_name) throw new Error('the stored account is incomplete')
  return {
    ...accountOf(decodeURIComponent(token), user),
    userName: user.user_name,
    nickname: user.nickname ?? user.user_name,
    email: user.email ?? '',
  }
}
