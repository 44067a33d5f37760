import {
  currentUser,
  ErrorCodes,
  Headers,
  Signing,
  sendEmailCode,
  signingKey,
  signRequest,
  signupAnonymous,
  systemFetch,
} from '@velvet/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeGuest } from '../test/factories.ts'
import { startTestApp, TEST_CLIENT_KEY, type TestApp } from '../test/harness.ts'

let t: TestApp
beforeAll(async () => {
  t = await startTestApp()
})
afterAll(() => t.close())

describe('request signing', () => {
  it('accepts a correctly signed call and reports the server time', async () => {
    const res = await t.call(systemFetch)
    expect(res.status).toBe(200)
    const serverTs = Math.floor(t.clock.now().getTime() / 1000)
    expect(res.body.data).toEqual({ ts: serverTs })
    expect(res.headers[Headers.serverTs]).toBe(String(serverTs))
  })

  it('rejects an unsigned call', async () => {
    const res = await t.call(signupAnonymous, {}, { unsigned: true })
    expect(res.status).toBe(400)
    expect(res.body.error).toEqual({
      code: ErrorCodes.BadSignature.code,
      message: 'The request is not signed (ts and sign are required).',
    })
  })

  it.each([Signing.maxSkewSeconds + 1, -(Signing.maxSkewSeconds + 1)])(
    'rejects a ts %i s off',
    async (offset) => {
      const res = await t.call(systemFetch, {}, { tsOffset: offset })
      expect(res.status).toBe(400)
      expect(res.body.error.code).toBe(ErrorCodes.ClockSkew.code)
      expect(res.headers[Headers.serverTs]).toBe(String(Math.floor(t.clock.now().getTime() / 1000)))
    },
  )

  it('accepts a ts just inside the allowed skew', async () => {
    expect((await t.call(systemFetch, {}, { tsOffset: Signing.maxSkewSeconds })).status).toBe(200)
  })

  it('rejects a tampered parameter', async () => {
    const res = await t.call(systemFetch, { note: 'a' }, { tamper: (p) => Object.assign(p, { note: 'b' }) })
    expect(res.body.error.code).toBe(ErrorCodes.BadSignature.code)
  })

  it('rejects a replayed signature with a changed ts', async () => {
    const res = await t.call(systemFetch, {}, { tamper: (p) => Object.assign(p, { ts: Number(p.ts) + 1 }) })
    expect(res.body.error.code).toBe(ErrorCodes.BadSignature.code)
  })

  it('binds the signature to the session token', async () => {
    const guest = await makeGuest(t)
    // Signed with the public key only, but sent with a bearer token.
    const res = await t.call(
      currentUser,
      {},
      { token: null, headers: { authorization: `Bearer ${guest.token}` } },
    )
    expect(res.status).toBe(400)
    expect(res.body.error.code).toBe(ErrorCodes.BadSignature.code)
    expect((await t.call(currentUser, {}, { token: guest.token })).status).toBe(200)
  })

  it('accepts the signature in the x-sign header when the params carry none', async () => {
    const ts = Math.floor(t.clock.now().getTime() / 1000)
    const sign = await signRequest(signingKey(TEST_CLIENT_KEY, null), 'POST', systemFetch.path, { ts })
    const ok = await t.app.inject({
      method: 'POST',
      url: systemFetch.path,
      payload: { ts },
      headers: { 'x-sign': sign },
    })
    expect(ok.statusCode).toBe(200)
    const bad = await t.app.inject({
      method: 'POST',
      url: systemFetch.path,
      payload: { ts: ts + 1 },
      headers: { 'x-sign': sign },
    })
    expect(bad.json().error.code).toBe(ErrorCodes.BadSignature.code)
  })

  it('refuses a lone surrogate in a param without a session with a 4xx, signed or not', async () => {
    const ts = Math.floor(t.clock.now().getTime() / 1000)
    // JSON carries a lone surrogate as an escape; encodeURIComponent throws on it.
    const payload = `{"email":"jane\\ud800@example.test","ts":${ts},"sign":"${'0'.repeat(64)}"}`
    const forged = await t.app.inject({
      method: 'POST',
      url: sendEmailCode.path,
      payload,
      headers: { 'content-type': 'application/json' },
    })
    expect(forged.statusCode).toBe(400)
    expect(forged.json().error.code).toBe(ErrorCodes.BadSignature.code)
    const signed = await t.call(sendEmailCode, { email: 'jane\ud800@example.test' })
    expect(signed.status).toBe(400)
    expect(signed.body.error.code).toBe(ErrorCodes.ValidationFailed.code)
  })
})
