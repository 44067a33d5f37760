import {
  completeSignup,
  currentUser,
  Headers,
  login,
  refresh,
  signingKey,
  signRequest,
  uploadPortrait,
  usernameCheck,
} from '@velvet/contract'
import { describe, expect, it } from 'vitest'
import {
  type BuiltRequest,
  buildHeaders,
  buildRequest,
  type ClientInfo,
  type Credentials,
} from './request.ts'

const KEY = 'velvet-web-client-v1'
const client: ClientInfo = {
  deviceId: 'device-1234',
  platform: 'rm11',
  platformUi: '',
  timezone: 'Europe/Paris',
  appVersion: '0.1.0',
}
const guest: Credentials = { token: 'anon-token', userId: 7, userRole: -1, userType: 3 }
const nobody: Credentials = { token: null, userId: null, userRole: -1, userType: 3 }

function context(credentials: Credentials, nowSeconds = 1_800_000_000) {
  return { signingKey: KEY, headers: buildHeaders(credentials, client), token: credentials.token, nowSeconds }
}

/** What the server's signing hook (apps/server platform/signing.ts) reads as params for a request. */
function serverParams(built: BuiltRequest): { path: string; params: Record<string, unknown> } {
  const url = new URL(built.url, 'http://localhost')
  const query: Record<string, unknown> = Object.fromEntries(url.searchParams)
  const isJson = built.method !== 'GET' && !(built.body instanceof FormData)
  const body = isJson && typeof built.body === 'string' ? JSON.parse(built.body) : {}
  return { path: url.pathname, params: isJson ? { ...query, ...body } : query }
}

async function serverAccepts(built: BuiltRequest, token: string | null): Promise<boolean> {
  const { path, params } = serverParams(built)
  const sign = typeof params.sign === 'string' ? params.sign : built.headers[Headers.signature]
  const expected = await signRequest(signingKey(KEY, token), built.method, path, params)
  return sign === expected
}

describe('buildHeaders', () => {
  it('sends every spec §7 header, with the bearer token and user id when there is a session', () => {
    const headers = buildHeaders(guest, client)
    expect(headers).toMatchObject({
      authorization: 'Bearer anon-token',
      'x-user-id': '7',
      'x-platform': 'rm11',
      'x-platform-ui': '',
      'x-timezone': 'Europe/Paris',
      'x-device-id': 'device-1234',
      'x-user-role': '-1',
      'x-user-type': '3',
      'x-internal-test': '0',
    })
  })

  it('leaves authorization and user id out without a session', () => {
    const headers = buildHeaders(nobody, client)
    expect(headers.authorization).toBeUndefined()
    expect(headers['x-user-id']).toBeUndefined()
    expect(headers['x-user-type']).toBe('3')
  })

  it('marks a logged-in account with its role and type 0', () => {
    const headers = buildHeaders({ token: 't', userId: 9, userRole: 1, userType: 0 }, client)
    expect(headers['x-user-role']).toBe('1')
    expect(headers['x-user-type']).toBe('0')
  })
})

describe('buildRequest', () => {
  it('puts GET input, ts and sign in the query string and signs exactly those params', async () => {
    const built = await buildRequest(usernameCheck, { user_name: 'night.owl_1' }, context(guest))
    expect(built.method).toBe('GET')
    expect(built.body).toBeUndefined()
    const url = new URL(built.url, 'http://localhost')
    expect(url.pathname).toBe(usernameCheck.path)
    expect(url.searchParams.get('user_name')).toBe('night.owl_1')
    expect(url.searchParams.get('ts')).toBe('1800000000')
    expect(url.searchParams.get('sign')).toBe(built.sign)
    expect(built.params).toEqual({ user_name: 'night.owl_1', ts: '1800000000' })
    expect(built.headers[Headers.signature]).toBe(built.sign)
    expect(await serverAccepts(built, guest.token)).toBe(true)
  })

  it('signs a GET without input over ts alone', async () => {
    const built = await buildRequest(currentUser, undefined, context(guest))
    expect(built.params).toEqual({ ts: '1800000000' })
    expect(await serverAccepts(built, guest.token)).toBe(true)
  })

  it('sends POST input as a JSON body carrying ts and sign', async () => {
    const input = { type: 'email' as const, email: 'fan@example.com', code: '123456' }
    const built = await buildRequest(login, input, context(nobody))
    expect(built.url).toBe(login.path)
    expect(built.headers['content-type']).toBe('application/json')
    const body = JSON.parse(String(built.body))
    expect(body).toEqual({ ...input, ts: 1_800_000_000, sign: built.sign })
    expect(built.params).toEqual({ ...input, ts: 1_800_000_000 })
    expect(await serverAccepts(built, null)).toBe(true)
  })

  it('signs nested objects the way the server re-reads them', async () => {
    const built = await buildRequest(refresh, { user_info: { user_id: 7 } }, context(guest))
    expect(await serverAccepts(built, guest.token)).toBe(true)
  })

  it('drops undefined fields from both the body and the signature', async () => {
    const built = await buildRequest(
      login,
      { type: 'google', token: undefined, id_token: 'abc' },
      context(nobody),
    )
    expect(built.params).toEqual({ type: 'google', id_token: 'abc', ts: 1_800_000_000 })
    expect(JSON.parse(String(built.body))).not.toHaveProperty('token')
    expect(await serverAccepts(built, null)).toBe(true)
  })

  it('binds the signature to the session token', async () => {
    const input = { birthday: '1990-01-01', user_name: 'velour_fan', nickname: 'Vee' }
    const withToken = await buildRequest(completeSignup, input, context(guest))
    expect(await serverAccepts(withToken, guest.token)).toBe(true)
    expect(await serverAccepts(withToken, 'another-token')).toBe(false)
    expect(await serverAccepts(withToken, null)).toBe(false)
  })

  it('changes the signature when a param is tampered with', async () => {
    const built = await buildRequest(usernameCheck, { user_name: 'night.owl_1' }, context(guest))
    const tampered = { ...built, url: built.url.replace('night.owl_1', 'night.owl_2') }
    expect(await serverAccepts(tampered, guest.token)).toBe(false)
  })

  it('sends uploads as multipart with the file field and ts + sign in the query', async () => {
    const file = new File([new Uint8Array([1, 2, 3])], 'me.png', { type: 'image/png' })
    const built = await buildRequest(uploadPortrait, file, context(guest))
    expect(built.body).toBeInstanceOf(FormData)
    const form = built.body as FormData
    const sent = form.get(uploadPortrait.upload.field)
    expect(sent).toBeInstanceOf(File)
    expect((sent as File).name).toBe('me.png')
    const url = new URL(built.url, 'http://localhost')
    expect(url.searchParams.get('ts')).toBe('1800000000')
    expect(url.searchParams.get('sign')).toBe(built.sign)
    expect(built.headers['content-type']).toBeUndefined()
    expect(await serverAccepts(built, guest.token)).toBe(true)
  })

  it('refuses an upload without a file', async () => {
    await expect(buildRequest(uploadPortrait, undefined, context(guest))).rejects.toThrow(TypeError)
  })
})
