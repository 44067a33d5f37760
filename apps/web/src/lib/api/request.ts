import { type CallDef, Headers, type Method, Session, signingKey, signRequest } from '@velvet/contract'

/** Who is calling, as the headers of spec §7 describe it. */
export interface Credentials {
  token: string | null
  userId: number | null
  /** -1 when there is no user role (spec §6). */
  userRole: number
  /** 0 logged in, 3 anonymous (spec §6). */
  userType: number
}

export interface ClientInfo {
  deviceId: string
  platform: string
  platformUi: string
  timezone: string
  appVersion: string
}

export interface BuiltRequest {
  method: Method
  /** Path plus query string. */
  url: string
  headers: Record<string, string>
  body: string | FormData | undefined
  /** Exactly the fields that were signed: the query (GET, upload) or the JSON body (POST), minus sign. */
  params: Record<string, unknown>
  sign: string | null
}

/** The headers every call carries (spec §7, contract Headers). */
export function buildHeaders(credentials: Credentials, client: ClientInfo): Record<string, string> {
  const headers: Record<string, string> = {
    [Headers.platform]: client.platform,
    [Headers.platformUi]: client.platformUi,
    [Headers.timezone]: client.timezone,
    [Headers.deviceId]: client.deviceId,
    [Headers.userRole]: String(credentials.userRole),
    [Headers.userType]: String(credentials.userType),
    [Headers.internalTest]: '0',
    [Headers.appVersion]: client.appVersion,
    // The session stays in the server's HttpOnly cookie; answers carry page tokens (docs/api.md "Sessions").
    [Headers.sessionCookie]: '1',
  }
  if (credentials.token) headers[Headers.token] = `${Session.tokenType} ${credentials.token}`
  if (credentials.userId !== null) headers[Headers.userId] = String(credentials.userId)
  return headers
}

/** A query-string value as the server will read it back (always a string). */
function queryValue(value: unknown): string {
  if (value === null) return ''
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return String(value)
  return JSON.stringify(value)
}

function asRecord(input: unknown): Record<string, unknown> {
  return input && typeof input === 'object' && !Array.isArray(input) ? (input as Record<string, unknown>) : {}
}

/** The query params of a GET as strings, undefined fields left out (the server never sees them). */
export function queryParams(input: unknown): Record<string, string> {
  const params: Record<string, string> = {}
  for (const [key, value] of Object.entries(asRecord(input))) {
    if (value !== undefined) params[key] = queryValue(value)
  }
  return params
}

/** The JSON body exactly as the server will parse it (undefined dropped, dates as strings...). */
export function jsonParams(input: unknown): Record<string, unknown> {
  return asRecord(JSON.parse(JSON.stringify(asRecord(input))))
}

function withQuery(path: string, query: Record<string, string>): string {
  const search = new URLSearchParams(query).toString()
  return search ? `${path}?${search}` : path
}

/**
 * Builds one contract call: GET input in the query string, POST input as a JSON body, uploads as
 * multipart with ts + sign in the query. `ts` is server-corrected seconds; `sign` is the HMAC of
 * contract signing.ts over exactly the params sent, keyed with the client key bound to the token.
 */
export async function buildRequest(
  call: CallDef,
  input: unknown,
  context: { signingKey: string; headers: Record<string, string>; token: string | null; nowSeconds: number },
): Promise<BuiltRequest> {
  const headers = { ...context.headers }
  const sign = (params: Record<string, unknown>) =>
    call.unsigned
      ? Promise.resolve(null)
      : signRequest(signingKey(context.signingKey, context.token), call.method, call.path, params)
  const ts = call.unsigned ? {} : { ts: context.nowSeconds }

  if (call.upload) {
    if (!(input instanceof Blob)) throw new TypeError(`${call.path} expects a file`)
    const params = { ...ts }
    const signature = await sign(params)
    const query = queryParams(signature ? { ...params, sign: signature } : params)
    const form = new FormData()
    form.append(call.upload.field, input, input instanceof File ? input.name : 'upload')
    if (signature) headers[Headers.signature] = signature
    return {
      method: call.method,
      url: withQuery(call.path, query),
      headers,
      body: form,
      params,
      sign: signature,
    }
  }

  if (call.method === 'GET') {
    const params: Record<string, string> = queryParams({ ...asRecord(input), ...ts })
    const signature = await sign(params)
    const query = signature ? { ...params, sign: signature } : params
    if (signature) headers[Headers.signature] = signature
    return {
      method: 'GET',
      url: withQuery(call.path, query),
      headers,
      body: undefined,
      params,
      sign: signature,
    }
  }

  const params = jsonParams({ ...asRecord(input), ...ts })
  const signature = await sign(params)
  if (signature) headers[Headers.signature] = signature
  headers['content-type'] = 'application/json'
  const body = JSON.stringify(signature ? { ...params, sign: signature } : params)
  return { method: 'POST', url: call.path, headers, body, params, sign: signature }
}
