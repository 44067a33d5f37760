import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { ErrorCodes, login } from '@velvet/contract'
import { exportJWK, generateKeyPair, SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loginByEmail, makeGuest, uniqueEmail } from '../../test/factories.ts'
import { startTestApp, type TestApp } from '../../test/harness.ts'

const CLIENT_ID = 'velvet-test.apps.googleusercontent.com'
const ISSUER = 'https://accounts.google.com'

type Key = Awaited<ReturnType<typeof generateKeyPair>>['privateKey']
let signingKey: Key
let strangerKey: Key
let jwksServer: Server
let t: TestApp

/** A local stand-in for Google's JWKS endpoint, on loopback. */
async function startJwks() {
  const pair = await generateKeyPair('RS256')
  signingKey = pair.privateKey
  strangerKey = (await generateKeyPair('RS256')).privateKey
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'test-key-1', alg: 'RS256', use: 'sig' }
  jwksServer = createServer((_req, res) => {
    res.setHeader('content-type', 'application/json')
    res.end(JSON.stringify({ keys: [jwk] }))
  })
  await new Promise<void>((resolve) => jwksServer.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(jwksServer.address() as AddressInfo).port}/certs`
}

function idToken(
  claims: Record<string, unknown>,
  options: { key?: Key; audience?: string; expiresIn?: string } = {},
) {
  return new SignJWT({ email_verified: true, ...claims })
    .setProtectedHeader({ alg: 'RS256', kid: 'test-key-1' })
    .setIssuer(ISSUER)
    .setAudience(options.audience ?? CLIENT_ID)
    .setIssuedAt()
    .setExpirationTime(options.expiresIn ?? '1h')
    .sign(options.key ?? signingKey)
}

beforeAll(async () => {
  const jwksUrl = await startJwks()
  t = await startTestApp({ GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_ISSUER: ISSUER, GOOGLE_JWKS_URL: jwksUrl })
})
afterAll(async () => {
  await t.close()
  await new Promise((resolve) => jwksServer.close(resolve))
})

describe('Google sign-in', () => {
  it('signs a guest up with a valid id_token', async () => {
    const guest = await makeGuest(t)
    const token = await idToken({ sub: 'google-sub-1', email: 'g1@example.test' })
    const res = await t.call(
      login,
      { type: 'google', token: 'access-token', id_token: token },
      { token: guest.token },
    )
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({
      is_new: true,
      user: { user_id: guest.user_id, email: 'g1@example.test', needs_profile: true },
    })

    const again = await t.call(login, { type: 'google', id_token: await idToken({ sub: 'google-sub-1' }) })
    expect(again.body.data).toMatchObject({ is_new: false, user: { user_id: guest.user_id } })
  })

  it('links to the account that already has the verified e-mail', async () => {
    const email = uniqueEmail('linked')
    const byEmail = await loginByEmail(t, email)
    const res = await t.call(login, {
      type: 'google',
      id_token: await idToken({ sub: 'google-sub-2', email }),
    })
    expect(res.body.data).toMatchObject({ is_new: false, user: { user_id: byEmail.user.user_id } })
  })

  it('does not link an unverified e-mail', async () => {
    const email = uniqueEmail('unverified')
    const byEmail = await loginByEmail(t, email)
    const res = await t.call(login, {
      type: 'google',
      id_token: await idToken({ sub: 'google-sub-3', email, email_verified: false }),
    })
    expect(res.body.data.is_new).toBe(true)
    expect(res.body.data.user.user_id).not.toBe(byEmail.user.user_id)
    expect(res.body.data.user.email).toBeNull()
  })

  it.each([
    ['another audience', () => idToken({ sub: 'x' }, { audience: 'someone-else' })],
    ['an expired token', () => idToken({ sub: 'x' }, { expiresIn: '-1m' })],
    ['a key Google does not publish', () => idToken({ sub: 'x' }, { key: strangerKey })],
    ['a malformed token', async () => 'not.a.jwt'],
  ])('rejects %s', async (_name, make) => {
    const res = await t.call(login, { type: 'google', id_token: await make() })
    expect(res.status).toBe(401)
    expect(res.body.error.code).toBe(ErrorCodes.GoogleTokenInvalid.code)
  })
})

describe('Google sign-in when not configured', () => {
  it('answers 2009', async () => {
    const plain = await startTestApp()
    try {
      const res = await plain.call(login, { type: 'google', id_token: 'x.y.z' })
      expect(res.status).toBe(503)
      expect(res.body.error.code).toBe(ErrorCodes.GoogleNotConfigured.code)
    } finally {
      await plain.close()
    }
  })
})
