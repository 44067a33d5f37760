import {
  ErrorCodes,
  Headers as HeaderNames,
  login,
  sendEmailCode,
  systemFetch,
  usernameCheck,
} from '@velvet/contract'
import { describe, expect, it, vi } from 'vitest'
import { createApiClient } from './client.ts'
import { createServerClock } from './clock.ts'
import { ApiError } from './errors.ts'

type FetchArgs = [url: string, init: RequestInit]

function json(status: number, body: unknown, serverTs?: number): Response {
  const headers = new Headers({ 'content-type': 'application/json' })
  if (serverTs !== undefined) headers.set('x-server-ts', String(serverTs))
  return new Response(JSON.stringify(body), { status, headers })
}

function setup(respond: (url: string, init: RequestInit, n: number) => Promise<Response> | Response) {
  let localNow = 1_800_000_000_000
  const clock = createServerClock(() => localNow)
  const calls: FetchArgs[] = []
  const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    calls.push([String(url), init ?? {}])
    return respond(String(url), init ?? {}, calls.length)
  })
  const onUnauthorized = vi.fn()
  const api = createApiClient(clock)
  api.configure({
    signingKey: 'velvet-web-client-v1',
    credentials: () => ({ token: 'tok', userId: 7, userRole: -1, userType: 3 }),
    client: () => ({
      deviceId: 'd-1',
      platform: 'rm11',
      platformUi: '',
      timezone: 'UTC',
      appVersion: '0.1.0',
    }),
    fetch: fetch as unknown as typeof globalThis.fetch,
    timeoutMs: 50,
    onUnauthorized,
  })
  return {
    api,
    calls,
    onUnauthorized,
    clock,
    setLocalNow: (ms: number) => {
      localNow = ms
    },
  }
}

const tsOf = (init: RequestInit) => JSON.parse(String(init.body)).ts as number

describe('api.call', () => {
  it('answers the parsed data of a success envelope and syncs the clock from x-server-ts', async () => {
    const { api, calls, clock } = setup(() =>
      json(200, { result: 'ok', data: { expires_in: 600, resend_after: 60 } }, 1_800_000_100),
    )
    const data = await api.call(sendEmailCode, { email: 'fan@example.com' })
    expect(data).toEqual({ expires_in: 600, resend_after: 60 })
    const [url, init] = calls[0] as FetchArgs
    expect(url).toBe(sendEmailCode.path)
    expect(init.method).toBe('POST')
    expect(new Headers(init.headers).get(HeaderNames.deviceId)).toBe('d-1')
    expect(clock.nowSeconds()).toBe(1_800_000_100)
  })

  it('throws the server envelope as an ApiError with code, status, message and fields', async () => {
    const fields = [
      { field: 'email', rule: 'invalid_format', message: 'Please enter a valid e-mail address.' },
    ]
    const { api } = setup(() =>
      json(400, { result: 'error', error: { code: 1004, message: fields[0]?.message, fields } }),
    )
    const error = await api.call(sendEmailCode, { email: 'x' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ code: 1004, status: 400, message: fields[0]?.message, fields })
    expect((error as ApiError).fieldMessage('email')).toBe(fields[0]?.message)
  })

  it("keeps the server's Retry-After seconds on the error (a code asked for too soon)", async () => {
    const { code, message, status } = ErrorCodes.CodeResendTooSoon
    const { api } = setup(() => {
      const response = json(status, { result: 'error', error: { code, message } })
      response.headers.set('retry-after', '42')
      return response
    })
    await expect(api.call(sendEmailCode, { email: 'a@b.co' })).rejects.toMatchObject({ code, retryAfter: 42 })
  })

  it('adds the status to the message when the answer is not an envelope (spec §8)', async () => {
    const { api } = setup(() => new Response('<html>Bad gateway</html>', { status: 502 }))
    await expect(api.call(systemFetch)).rejects.toMatchObject({
      code: ErrorCodes.Generic.code,
      status: 502,
      message: `${ErrorCodes.Generic.message} Error Code: 502`,
    })
  })

  it('reports a network failure with the spec §8 text', async () => {
    const { api } = setup(() => Promise.reject(new TypeError('Failed to fetch')))
    await expect(api.call(systemFetch)).rejects.toMatchObject({
      status: 0,
      message: 'No network, please try later.',
    })
  })

  it('gives up after the timeout with the spec §8 text (101)', async () => {
    const { api } = setup(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))
        }),
    )
    await expect(api.call(systemFetch)).rejects.toMatchObject({
      code: 101,
      message: 'Poor network. You may try later. (101)',
    })
  })

  it('lets a caller cancel a call without turning it into a network error', async () => {
    const { api } = setup(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          if (init.signal?.aborted) reject(new DOMException('aborted', 'AbortError'))
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))
        }),
    )
    const controller = new AbortController()
    const pending = api.call(systemFetch, undefined, { signal: controller.signal })
    controller.abort()
    await expect(pending).rejects.not.toBeInstanceOf(ApiError)
  })

  it('on 1011 takes x-server-ts, re-signs with the corrected time and retries once', async () => {
    const serverNow = 1_800_004_000
    const { api, calls } = setup((_url, _init, n) =>
      n === 1
        ? json(400, { result: 'error', error: ErrorCodes.ClockSkew }, serverNow)
        : json(200, { result: 'ok', data: { ts: serverNow } }, serverNow),
    )
    await expect(api.call(systemFetch)).resolves.toEqual({ ts: serverNow })
    expect(calls).toHaveLength(2)
    expect(tsOf((calls[0] as FetchArgs)[1])).toBe(1_800_000_000)
    expect(tsOf((calls[1] as FetchArgs)[1])).toBe(serverNow)
  })

  it('retries a clock skew only once', async () => {
    const { api, calls } = setup(() =>
      json(400, { result: 'error', error: ErrorCodes.ClockSkew }, 1_800_004_000),
    )
    await expect(api.call(systemFetch)).rejects.toMatchObject({ code: ErrorCodes.ClockSkew.code })
    expect(calls).toHaveLength(2)
  })

  it('calls onUnauthorized on code 1001', async () => {
    const { api, onUnauthorized } = setup(() =>
      json(401, { result: 'error', error: { code: 1001, message: 'Please log in to continue' } }),
    )
    await expect(api.call(usernameCheck, { user_name: 'night.owl_1' })).rejects.toMatchObject({ code: 1001 })
    expect(onUnauthorized).toHaveBeenCalledOnce()
  })

  it('does not treat a failed public sign-in (401, code 2008) as a lost session', async () => {
    const { api, onUnauthorized } = setup(() =>
      json(401, { result: 'error', error: ErrorCodes.GoogleTokenInvalid }),
    )
    await expect(api.call(login, { type: 'google', id_token: 'x' })).rejects.toMatchObject({ code: 2008 })
    expect(onUnauthorized).not.toHaveBeenCalled()
  })

  it('rejects an answer that does not match the contract', async () => {
    const { api } = setup(() => json(200, { result: 'ok', data: { ts: 'soon' } }))
    await expect(api.call(systemFetch)).rejects.toMatchObject({ message: ErrorCodes.Generic.message })
  })

  it('signs with server-corrected time once the clock is known', async () => {
    const { api, calls, setLocalNow } = setup(() =>
      json(200, { result: 'ok', data: { ts: 1 } }, 1_800_000_600),
    )
    await api.call(systemFetch)
    setLocalNow(1_800_000_010_000)
    await api.call(systemFetch)
    expect(tsOf((calls[1] as FetchArgs)[1])).toBe(1_800_000_610)
  })
})

describe('api.sessionHeaders', () => {
  it('gives the spec §7 headers with the session token, without a signature', async () => {
    const { api, calls } = setup(() => json(200, { result: 'ok', data: {} }))
    const headers = await api.sessionHeaders(sendEmailCode)
    expect(headers[HeaderNames.token]).toBe('Bearer tok')
    expect(headers[HeaderNames.userId]).toBe('7')
    expect(headers[HeaderNames.deviceId]).toBe('d-1')
    expect(headers[HeaderNames.signature]).toBeUndefined()
    expect(calls).toHaveLength(0)
  })
})
