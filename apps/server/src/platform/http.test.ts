import { Writable } from 'node:stream'
import { clientConfig, currentUser, ErrorCodes, login, sendEmailCode } from '@velvet/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loginByEmail, makeGuest, uniqueEmail } from '../test/factories.ts'
import { startTestApp, type TestApp } from '../test/harness.ts'

const logLines: string[] = []
const logStream = new Writable({
  write(chunk, _encoding, callback) {
    logLines.push(chunk.toString())
    callback()
  },
})

let t: TestApp
beforeAll(async () => {
  t = await startTestApp({ LOG_LEVEL: 'debug' }, { logStream })
})
afterAll(() => t.close())

describe('error envelope', () => {
  it('answers unknown API paths with the envelope and 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/fapi/core/nothing/here/' })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({
      result: 'error',
      error: { code: ErrorCodes.NotFound.code, message: 'Not found.' },
    })
  })

  it('answers malformed JSON with a 400 envelope and no internals', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: sendEmailCode.path,
      payload: '{"email": ',
      headers: { 'content-type': 'application/json' },
    })
    expect(res.statusCode).toBe(400)
    const body = res.json()
    expect(body.result).toBe('error')
    expect(body.error.code).toBe(ErrorCodes.ValidationFailed.code)
    expect(JSON.stringify(body)).not.toMatch(/FST_|stack|at .*\.js/)
  })

  it('rejects an unknown login type naming the field', async () => {
    const res = await t.call(login, { type: 'password', email: 'a@b.c' })
    expect(res.status).toBe(400)
    expect(res.body.error.fields[0]).toMatchObject({ field: 'type' })
  })

  it('sets security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' })
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.headers['content-security-policy']).toContain("default-src 'self'")
  })
})

describe('health and docs', () => {
  it('reports liveness and readiness', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' })
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({ status: 'ok' })
  })

  it('publishes an OpenAPI document built from the contract', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json()
    expect(doc.openapi).toMatch(/^3\./)
    expect(doc.paths['/api/auth/login'].post.requestBody).toBeDefined()
    expect(doc.paths['/fapi/core/auth/signup_anonymous/'].post.summary).toContain('anonymous')
    expect((await t.app.inject({ method: 'GET', url: '/docs' })).statusCode).toBeLessThan(400)
  })

  it('leaves the OpenAPI document out when API_DOCS=0', async () => {
    const closed = await startTestApp({ API_DOCS: '0' })
    try {
      for (const url of ['/docs', '/docs/json']) {
        expect((await closed.app.inject({ method: 'GET', url })).statusCode).toBe(404)
      }
    } finally {
      await closed.close()
    }
  })

  it('serves the public client config unsigned', async () => {
    const res = await t.call(clientConfig, {}, { unsigned: true })
    expect(res.body.data).toMatchObject({ signing_key: 'test-client-key-0001', google_client_id: null })
    // The embedded sandboxes run here, so the web app shows its test-mode strip.
    expect(res.body.data.sandbox_parts).toEqual(['payments', 'identity', 'payouts'])
  })
})

describe('logging', () => {
  it('tags lines with the request id and never writes tokens, codes or e-mails', async () => {
    const email = uniqueEmail('secret')
    const guest = await makeGuest(t)
    const session = await loginByEmail(t, email, guest.token)
    const code = t.smtp.codeFor(email)
    await t.call(currentUser, {}, { token: session.ptoken, headers: { 'x-request-id': 'req-abcdef12' } })
    const all = logLines.join('')
    expect(all).toContain('"reqId":"req-abcdef12"')
    expect(all).not.toContain(email)
    expect(all).not.toContain(session.ptoken)
    expect(all).not.toContain(guest.token)
    expect(all).not.toContain(`"${code}"`)
    expect(all).not.toContain('sign=')
  })
})
