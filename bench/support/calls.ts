import {
  type CallDef,
  currentUser,
  Headers,
  okBody,
  signingKey,
  signRequest,
  signupAnonymous,
} from '@velvet/contract'
import type { z } from 'zod'

/** Contract calls, signed the way the web client signs them. */

export const DEVICE_ID = 'bench-device-0001'

export const clientHeaders: Record<string, string> = {
  [Headers.platform]: 'rm11',
  [Headers.deviceId]: DEVICE_ID,
}

export const nowSeconds = () => Math.floor(Date.now() / 1000)

export async function signupAnonymously(base: string, clientKey: string): Promise<string> {
  const params = { ts: nowSeconds() }
  const sign = await signRequest(
    signingKey(clientKey, null),
    signupAnonymous.method,
    signupAnonymous.path,
    params,
  )
  const response = await fetch(`${base}${signupAnonymous.path}`, {
    method: 'POST',
    headers: { ...clientHeaders, 'content-type': 'application/json' },
    body: JSON.stringify({ ...params, sign }),
    signal: AbortSignal.timeout(10_000),
  })
  const text = await response.text()
  const parsed = okBody(signupAnonymous.response).safeParse(safeJson(text))
  if (response.status !== 200 || !parsed.success) {
    throw new Error(`signup_anonymous answered ${response.status}: ${text.slice(0, 300)}`)
  }
  return parsed.data.data.token
}

/** The URL and headers of a signed `GET /api/auth/user`, valid while the clock stays within 300 s of ts. */
export async function signedCurrentUser(base: string, clientKey: string, token: string) {
  const params = { ts: nowSeconds() }
  const sign = await signRequest(signingKey(clientKey, token), currentUser.method, currentUser.path, params)
  const query = new URLSearchParams({ ts: String(params.ts), sign })
  return {
    url: `${base}${currentUser.path}?${query}`,
    headers: { ...clientHeaders, authorization: `Bearer ${token}` },
  }
}

/** One request before the load: checks the target answers 2xx and returns the body every answer must repeat. */
export async function probe(url: string, headers: Record<string, string>, check: (json: unknown) => boolean) {
  const response = await fetch(url, { headers, signal: AbortSignal.timeout(10_000) })
  const text = await response.text()
  if (response.status < 200 || response.status > 299 || !check(safeJson(text))) {
    throw new Error(`${url.split('?')[0]} answered ${response.status}: ${text.slice(0, 300)}`)
  }
  return text
}

export function safeJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/** A signed GET of any contract call: its path with query (ts, sign and the params) and its headers. */
export async function signedGet(
  call: CallDef,
  clientKey: string,
  token: string,
  input: Record<string, string | number> = {},
): Promise<{ path: string; headers: Record<string, string> }> {
  const params: Record<string, string | number> = { ...input, ts: nowSeconds() }
  const sign = await signRequest(signingKey(clientKey, token), 'GET', call.path, params)
  const query = new URLSearchParams({
    ...Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])),
    sign,
  })
  return { path: `${call.path}?${query}`, headers: { ...clientHeaders, authorization: `Bearer ${token}` } }
}

/** Makes a signed call (GET or POST) and answers its `data`, checked against the call's response schema. */
export async function callApi<C extends CallDef>(
  base: string,
  call: C,
  clientKey: string,
  token: string,
  input: Record<string, unknown> = {},
): Promise<z.output<C['response']>> {
  let response: Response
  if (call.method === 'GET') {
    const signed = await signedGet(call, clientKey, token, input as Record<string, string | number>)
    response = await fetch(`${base}${signed.path}`, {
      headers: signed.headers,
      signal: AbortSignal.timeout(30_000),
    })
  } else {
    const params = { ...input, ts: nowSeconds() }
    const sign = await signRequest(signingKey(clientKey, token), 'POST', call.path, params)
    response = await fetch(`${base}${call.path}`, {
      method: 'POST',
      headers: { ...clientHeaders, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ...params, sign }),
      signal: AbortSignal.timeout(30_000),
    })
  }
  const text = await response.text()
  const parsed = okBody(call.response).safeParse(safeJson(text))
  if (response.status !== 200 || !parsed.success) {
    throw new Error(`${call.path} answered ${response.status}: ${text.slice(0, 300)}`)
  }
  return parsed.data.data as z.output<C['response']>
}
