import * as contract from '@velvet/contract'
import {
  accountInfo,
  type CallDef,
  conversationList,
  coreLogout,
  currentUser,
  deleteAccount,
  login,
  logout,
  mediaStatus,
  notificationList,
  paymentCards,
  refresh,
  revokeOtherSessions,
  Session,
  sendEmailCode,
  signupAnonymous,
  subscriptionList,
  systemInit,
  vapidPublicKey,
} from '@velvet/contract'
import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeAccount, makeGuest, uniqueEmail } from '../test/factories.ts'
import { startTestApp, type TestApp } from '../test/harness.ts'
import { makeMedia } from '../test/media-factories.ts'
import { type Account, makeCreator } from '../test/social-factories.ts'
import { registerCall } from './http.ts'

function isCall(value: unknown): value is CallDef {
  return typeof value === 'object' && value !== null && 'path' in value && 'access' in value
}

/** Every call of the contract (each one the server registers as a route). */
const calls = Object.entries(contract as Record<string, unknown>)
  .flatMap(([name, value]): [string, CallDef][] => (isCall(value) ? [[name, value]] : []))
  .sort(([a], [b]) => a.localeCompare(b))

/** The only answers a browser or a shared cache may keep: the same for everyone, nothing private. */
const cacheable = new Map<CallDef, string>([[vapidPublicKey, 'public, max-age=3600']])

/** Calls that end the session they are made with: each gets an account of its own. */
const sessionEnding = new Set<CallDef>([logout, coreLogout, refresh, revokeOtherSessions, deleteAccount])

let t: TestApp
let account: Account
beforeAll(async () => {
  t = await startTestApp()
  account = await makeAccount(t)
})
afterAll(() => t.close())

describe('Cache-Control on every answer of every call', () => {
  it('covers the whole contract, each call registered, and only the listed calls declare a cache', () => {
    expect(calls.length).toBeGreaterThan(100)
    for (const [name, call] of calls) {
      expect(t.app.hasRoute({ method: call.method, url: call.path }), name).toBe(true)
      expect(call.cache !== undefined, name).toBe(cacheable.has(call))
    }
  })

  // Input left empty: most answers are validation errors, and those may not be kept either.
  it.each(calls)('%s', async (_name, call) => {
    const token = sessionEnding.has(call) ? (await makeAccount(t)).token : account.token
    const res = await t.call(call, {}, { token })
    const kept = res.status === 200 ? cacheable.get(call) : undefined
    const expected = kept ?? (call.access === 'public' ? 'no-store' : 'private, no-store')
    expect(res.headers['cache-control'], `${call.path} answered ${res.status}`).toBe(expected)
  })
})

describe('answers carrying private data or tokens are never stored', () => {
  it('the viewer, the account, cards, conversations, notifications, init, subscriptions, media status', async () => {
    const creator = await makeCreator(t)
    const mediaId = await makeMedia(t, creator.userId)
    const answers = [
      await t.call(currentUser, {}, { token: account.token }),
      await t.call(accountInfo, {}, { token: account.token }),
      await t.call(paymentCards, {}, { token: account.token }),
      await t.call(conversationList, {}, { token: account.token }),
      await t.call(notificationList, {}, { token: account.token }),
      await t.call(systemInit, {}, { token: account.token }),
      await t.call(subscriptionList, {}, { token: account.token }),
      await t.call(mediaStatus, { ids: String(mediaId) }, { token: creator.token }),
    ]
    for (const res of answers) {
      expect(res.status).toBe(200)
      expect(res.headers['cache-control']).toBe('private, no-store')
    }
    // The media status carries urls signed for its viewer.
    expect(JSON.stringify(answers.at(-1)?.body)).toMatch(/\/fapi\/media\/\d+\/w480\.webp\?v=\d+&e=\d+&s=/)
  })

  it('sign-in, a guest session and a renewed session', async () => {
    const guest = await t.call(signupAnonymous)
    expect(guest.status).toBe(200)
    expect(guest.body.data.token).toEqual(expect.any(String))
    expect(guest.headers['cache-control']).toBe('no-store')

    const email = uniqueEmail('cache')
    expect((await t.call(sendEmailCode, { email })).headers['cache-control']).toBe('no-store')
    const signedIn = await t.call(login, { type: 'email', email, code: t.smtp.codeFor(email) })
    expect(signedIn.status).toBe(200)
    expect(signedIn.body.data.ptoken).toEqual(expect.any(String))
    expect(signedIn.headers['cache-control']).toBe('no-store')

    // Inside the renewal window, where refresh answers a new token.
    t.clock.advance((Session.maxAgeSeconds - Session.refreshWindowSeconds + 60) * 1000)
    const renewed = await t.call(refresh, {}, { token: signedIn.body.data.ptoken })
    expect(renewed.body.data.ptoken).toEqual(expect.any(String))
    expect(renewed.status).toBe(200)
    // Refresh is public (a page holding only its HttpOnly cookie calls it): never stored all the same.
    expect(renewed.headers['cache-control']).toBe('no-store')
  })

  it('errors raised before the handler (no session, a bad signature) carry it too', async () => {
    const guest = await makeGuest(t)
    const noSession = await t.call(accountInfo)
    expect(noSession.status).toBe(401)
    expect(noSession.headers['cache-control']).toBe('private, no-store')
    const tampered = await t.call(
      accountInfo,
      {},
      { token: guest.token, tamper: (params) => Object.assign(params, { sign: 'x'.repeat(64) }) },
    )
    expect(tampered.status).toBeGreaterThanOrEqual(400)
    expect(tampered.headers['cache-control']).toBe('private, no-store')
  })

  it('refuses to register a session or account call that declares a cache', async () => {
    const app = Fastify()
    expect(() =>
      registerCall(app, { ...accountInfo, cache: { maxAgeSeconds: 60 } }, () => ({}) as never),
    ).toThrow(/never cacheable/)
    await app.close()
  })

  it('the one cacheable answer says so only when it succeeds', async () => {
    const key = await t.call(vapidPublicKey)
    expect(key.status).toBe(200)
    expect(key.headers['cache-control']).toBe('public, max-age=3600')
    const refused = await t.call(vapidPublicKey, {}, { tsOffset: 3600 })
    expect(refused.status).toBe(400)
    expect(refused.headers['cache-control']).toBe('no-store')
  })
})
