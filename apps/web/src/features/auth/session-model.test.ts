import {
  currentUser,
  Headers,
  refresh,
  Session,
  SessionCookies,
  type SessionUser,
  signupAnonymous,
} from '@velvet/contract'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

/**
 * The web app's session model (docs/api.md "Sessions"): the session lives in the server's HttpOnly cookie,
 * the page keeps only a page token in memory, and a page load exchanges the cookie for one. The tests run in
 * Node: a small browser stands in (the cookies scripts can see, localStorage, location), and a fake server
 * answers the calls the real app code makes through the real API client.
 */
const NOW = 1_800_000_000
const user: SessionUser = {
  user_id: 42,
  user_name: 'scarlett.rose',
  user_role: 0,
  user_type: 0,
  nickname: 'Scarlett',
  portrait: null,
  bio: '',
  email: 'scarlett@example.com',
  referrer_code: null,
  needs_profile: false,
}

interface Sent {
  path: string
  headers: Record<string, string>
}

interface Browser {
  /** The cookies a script can read and write (the server's HttpOnly ones never show here). */
  cookies: Map<string, string>
  storage: Map<string, string>
  sent: Sent[]
  answered: number[]
}

let browser: Browser
let server: (path: string, headers: Record<string, string>) => { status: number; body: unknown }

function stubBrowser(cookies: Record<string, string>, storage: Record<string, string>): Browser {
  const jar = new Map(Object.entries(cookies))
  const items = new Map(Object.entries(storage))
  const state: Browser = { cookies: jar, storage: items, sent: [], answered: [] }
  vi.stubGlobal('document', {
    get cookie() {
      return [...jar].map(([name, value]) => `${name}=${value}`).join('; ')
    },
    set cookie(line: string) {
      const [pair = ''] = line.split(';')
      const at = pair.indexOf('=')
      const name = decodeURIComponent(pair.slice(0, at))
      if (/Max-Age=0(;|$)/.test(line)) jar.delete(name)
      else jar.set(name, pair.slice(at + 1))
    },
  })
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  })
  vi.stubGlobal('location', {
    pathname: '/home',
    search: '',
    protocol: 'http:',
    replace: vi.fn(),
    assign: vi.fn(),
  })
  vi.stubGlobal('window', { addEventListener: vi.fn() })
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const path = new URL(url, 'http://velvet.test').pathname
    const headers = Object.fromEntries(Object.entries((init.headers ?? {}) as Record<string, string>))
    state.sent.push({ path, headers })
    const { status, body } = server(path, headers)
    state.answered.push(status)
    // An account's session answer sets the readable user id cookie, as the real server does.
    const data = (body as { data?: { user?: { user_id: number; user_type: number } } }).data
    if (status === 200 && data?.user?.user_type === 0)
      jar.set(SessionCookies.userId, String(data.user.user_id))
    return new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json', [Headers.serverTs]: String(NOW) },
    })
  })
  return state
}

const ok = (data: unknown) => ({ status: 200, body: { result: 'ok', data } })
const refused = {
  status: 401,
  body: { result: 'error', error: { code: 1001, message: 'Please log in to continue' } },
}
const accountAnswer = (ptoken: string, refreshed = false) =>
  ok({
    ptoken,
    token_type: 'Bearer',
    expires_at: NOW + Session.maxAgeSeconds,
    token_expires_at: NOW + Session.pageTokenSeconds,
    user,
    refreshed,
  })

/** The app's own modules, fresh for each test (they keep the session in module state), wired as at start. */
async function app() {
  vi.resetModules()
  const { configureApi } = await import('../../app/bootstrap.ts')
  configureApi({
    signing_key: 'velvet-web-client-v1',
    google_client_id: null,
    google_auth_url: null,
    version: '1',
    sandbox_parts: [],
  })
  const { api } = await import('../../lib/api/index.ts')
  api.clock.syncTo(NOW)
  return {
    api,
    auth: await import('./auth.service.ts'),
    renewal: () => import('./session-renewal.ts'),
    store: (await import('./session.ts')).sessionStore,
  }
}

/** Whether a token shows anywhere a script (an XSS) could read it later. */
function readable(token: string): boolean {
  return [...browser.cookies.values(), ...browser.storage.values()].some((value) => value.includes(token))
}

beforeEach(() => {
  server = () => ({ status: 404, body: {} })
})
afterEach(() => vi.unstubAllGlobals())

describe('the web session keeps its token out of scripts’ reach', () => {
  it('a first visit makes a guest without asking to refresh, and keeps its page token in memory only', async () => {
    browser = stubBrowser({}, {})
    server = (path) =>
      path === signupAnonymous.path
        ? ok({
            token: 'p1.guest',
            user_id: 7,
            expires_at: NOW + Session.maxAgeSeconds,
            token_expires_at: NOW + 900,
          })
        : { status: 404, body: {} }
    const { auth, store } = await app()
    await auth.bootSession()

    expect(browser.sent.map((call) => call.path)).toEqual([signupAnonymous.path])
    expect(store.get()).toMatchObject({ kind: 'anonymous', token: 'p1.guest', userId: 7 })
    expect(readable('p1.guest')).toBe(false)
    expect(JSON.parse(browser.storage.get('velvet.anonymous_user') ?? 'null')).toEqual({ user_id: 7 })
  })

  it('a reload exchanges the session cookie once (answered 200, no bearer) and keeps the account', async () => {
    browser = stubBrowser({ [SessionCookies.userId]: '42' }, { 'velvet.user': JSON.stringify(user) })
    server = (path) =>
      path === refresh.path
        ? accountAnswer('p1.account')
        : path === currentUser.path
          ? ok({ user, expires_at: NOW + Session.maxAgeSeconds })
          : { status: 404, body: {} }
    const { auth, store } = await app()
    await auth.bootSession()

    expect(browser.sent.map((call) => call.path)).toEqual([refresh.path, currentUser.path])
    expect(browser.answered).toEqual([200, 200])
    const [exchange, next] = browser.sent
    expect(exchange?.headers).not.toHaveProperty(Headers.token)
    expect(exchange?.headers[Headers.sessionCookie]).toBe('1')
    expect(next?.headers[Headers.token]).toBe('Bearer p1.account')
    expect(store.get()).toMatchObject({ kind: 'account', token: 'p1.account', user: { user_id: 42 } })
    expect(readable('p1.account')).toBe(false)
  })

  it('renews a page token that runs out before the next call, and hands the socket a fresh one', async () => {
    browser = stubBrowser({ [SessionCookies.userId]: '42' }, { 'velvet.user': JSON.stringify(user) })
    let issued = 0
    server = (path) => {
      if (path === refresh.path) {
        issued += 1
        const answer = accountAnswer(`p1.page${issued}`)
        // The first page token is nearly spent.
        if (issued === 1) (answer.body.data as { token_expires_at: number }).token_expires_at = NOW + 30
        return answer
      }
      return path === currentUser.path ? ok({ user, expires_at: NOW + Session.maxAgeSeconds }) : refused
    }
    const { auth, renewal, store } = await app()
    await auth.bootSession()
    expect(browser.sent.map((call) => call.path)).toEqual([refresh.path, refresh.path, currentUser.path])
    expect(browser.sent[2]?.headers[Headers.token]).toBe('Bearer p1.page2')
    expect(await (await renewal()).freshToken()).toBe('p1.page2')
    expect(store.get()).toMatchObject({ token: 'p1.page2' })
  })

  it('asks the cookie again when a page token is refused, and logs out when the cookie is dead too', async () => {
    browser = stubBrowser({ [SessionCookies.userId]: '42' }, { 'velvet.user': JSON.stringify(user) })
    let cookieAlive = true
    let issued = 0
    const refusedTokens = new Set<string>()
    server = (path, headers) => {
      if (path === refresh.path) {
        issued += 1
        return cookieAlive ? accountAnswer(`p1.page${issued}`) : refused
      }
      const token = headers[Headers.token]?.replace('Bearer ', '') ?? ''
      return refusedTokens.has(token) ? refused : ok({ user, expires_at: NOW + Session.maxAgeSeconds })
    }
    const { api, auth, renewal, store } = await app()
    await auth.bootSession()
    expect(store.get()).toMatchObject({ kind: 'account', token: 'p1.page1' })

    // The server no longer takes the page token (its session moved on in another tab): the cookie gives
    // the next one, and the account stays.
    refusedTokens.add('p1.page1')
    await expect(api.call(currentUser)).rejects.toMatchObject({ code: 1001 })
    await vi.waitFor(() => expect(store.get()).toMatchObject({ kind: 'account', token: 'p1.page2' }))
    await (await renewal()).renewSession()
    expect(store.get()).toMatchObject({ token: 'p1.page3' })

    // Now the session is gone (logged out elsewhere): the cookie is refused too, and spec §4 logs out.
    cookieAlive = false
    refusedTokens.add('p1.page3')
    await expect(api.call(currentUser)).rejects.toMatchObject({ code: 1001 })
    await vi.waitFor(() => expect(store.get()).toEqual({ kind: 'none' }))
    expect(browser.storage.has('velvet.user')).toBe(false)
    expect(browser.cookies.has(SessionCookies.userId)).toBe(false)
    expect(browser.sent.filter((call) => call.path === refresh.path)).toHaveLength(4)
  })

  it('sends a token an older build left in a readable cookie once, then forgets it', async () => {
    browser = stubBrowser(
      { [SessionCookies.userId]: '42', [SessionCookies.userToken]: 'legacy-session-token' },
      { 'velvet.user': JSON.stringify(user) },
    )
    server = (path) =>
      path === refresh.path
        ? accountAnswer('p1.account')
        : ok({ user, expires_at: NOW + Session.maxAgeSeconds })
    const { auth, store } = await app()
    await auth.bootSession()
    expect(browser.sent[0]?.headers[Headers.token]).toBe('Bearer legacy-session-token')
    expect(store.get()).toMatchObject({ kind: 'account', token: 'p1.account' })
    expect(readable('legacy-session-token')).toBe(false)
  })
})

describe('credentialsOf', () => {
  it('sends an account as logged in (type 0) with its role', async () => {
    const { credentialsOf } = await import('./session.ts')
    const creator = { ...user, user_role: 1 }
    expect(
      credentialsOf({ kind: 'account', token: 't', tokenExpiresAt: 0, user: creator, expiresAt: 0 }),
    ).toEqual({ token: 't', userId: 42, userRole: 1, userType: 0 })
  })

  it('sends a guest as anonymous (type 3) without a role (-1)', async () => {
    const { credentialsOf } = await import('./session.ts')
    expect(credentialsOf({ kind: 'anonymous', token: 'g', tokenExpiresAt: 0, userId: 7 })).toEqual({
      token: 'g',
      userId: 7,
      userRole: -1,
      userType: 3,
    })
  })

  it('sends no token or user id before the guard has run', async () => {
    const { credentialsOf } = await import('./session.ts')
    expect(credentialsOf({ kind: 'none' })).toEqual({ token: null, userId: null, userRole: -1, userType: 3 })
  })
})
