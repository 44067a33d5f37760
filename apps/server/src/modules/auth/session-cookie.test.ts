import {
  currentUser,
  ErrorCodes,
  Headers,
  login,
  logout,
  refresh,
  SESSION_TOKEN_COOKIE_PATH,
  Session,
  SessionCookies,
  SocketChannels,
  sendEmailCode,
  signupAnonymous,
} from '@velvet/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeAccount, uniqueEmail } from '../../test/factories.ts'
import { startTestApp, type TestApp } from '../../test/harness.ts'
import { collect, connectSocket } from '../../test/sockets.ts'

/**
 * The web app's session model (docs/api.md "Sessions"): the session token lives in an HttpOnly cookie the
 * server sets, and the page holds only a short-lived page token in memory.
 */
let t: TestApp
beforeAll(async () => {
  t = await startTestApp()
})
afterAll(() => t.close())

interface SetCookie {
  value: string
  /** Lower-cased attribute names and values (`httponly: ''`, `path: '/'`...). */
  attributes: Record<string, string>
}

function setCookies(headers: Record<string, unknown>): Map<string, SetCookie> {
  const raw = headers['set-cookie']
  const lines = Array.isArray(raw) ? (raw as string[]) : typeof raw === 'string' ? [raw] : []
  const cookies = new Map<string, SetCookie>()
  for (const line of lines) {
    const [pair = '', ...rest] = line.split(';').map((part) => part.trim())
    const at = pair.indexOf('=')
    const attributes: Record<string, string> = {}
    for (const attribute of rest) {
      const [name = '', ...value] = attribute.split('=')
      attributes[name.toLowerCase()] = value.join('=')
    }
    cookies.set(pair.slice(0, at), { value: decodeURIComponent(pair.slice(at + 1)), attributes })
  }
  return cookies
}

const cleared = (cookie: SetCookie | undefined) =>
  cookie !== undefined &&
  cookie.value === '' &&
  (cookie.attributes['max-age'] === '0' || new Date(cookie.attributes.expires ?? '').getTime() <= Date.now())

/** A browser's cookie jar for one test: what the server set, sent back as the `cookie` header. */
function browser() {
  const jar = new Map<string, string>()
  const asWebApp = { [Headers.sessionCookie]: '1' }
  return {
    jar,
    /** A call as the web app makes it: the page token as bearer, the cookies (the refresh call only). */
    async call(def: Parameters<TestApp['call']>[0], input: Record<string, unknown>, token: string | null) {
      const cookie =
        def.path === SESSION_TOKEN_COOKIE_PATH
          ? [...jar].map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('; ')
          : ''
      const res = await t.call(def, input, { token, headers: { ...asWebApp, ...(cookie ? { cookie } : {}) } })
      for (const [name, set] of setCookies(res.headers)) {
        if (cleared(set)) jar.delete(name)
        else jar.set(name, set.value)
      }
      return res
    },
  }
}

const nowSeconds = () => Math.floor(t.clock.now().getTime() / 1000)

describe('the web app session cookie', () => {
  it('keeps a guest in HttpOnly SameSite=Strict cookies and answers only a page token', async () => {
    const tab = browser()
    const res = await tab.call(signupAnonymous, {}, null)
    expect(res.status).toBe(200)
    const cookies = setCookies(res.headers)
    const token = cookies.get(SessionCookies.anonymousToken)
    expect(token?.attributes).toMatchObject({
      httponly: '',
      samesite: 'Strict',
      path: SESSION_TOKEN_COOKIE_PATH,
      'max-age': String(Session.maxAgeSeconds),
    })
    expect(token?.attributes).not.toHaveProperty('secure')
    // A guest has no user id cookie (its stored record says there is a guest to restore).
    expect(cleared(cookies.get(SessionCookies.userId))).toBe(true)

    // The answer carries a page token (15 minutes), never the session token.
    const { token: pageToken, token_expires_at } = res.body.data
    expect(pageToken).toMatch(/^p1\./)
    expect(JSON.stringify(res.body)).not.toContain(token?.value)
    expect(token_expires_at).toBe(nowSeconds() + Session.pageTokenSeconds)
    const me = await t.call(currentUser, {}, { token: pageToken })
    expect(me.body.data.user).toMatchObject({ user_id: res.body.data.user_id, user_type: 3 })

    // A page load exchanges the cookie (no bearer) for a new page token of the same guest.
    const restored = await tab.call(refresh, {}, null)
    expect(restored.status).toBe(200)
    expect(restored.body.data).toMatchObject({ refreshed: false, user: { user_id: res.body.data.user_id } })
    expect(restored.body.data.ptoken).toMatch(/^p1\./)
  })

  it('moves sign-in into the account cookie, drops the guest cookie, and restores the account on reload', async () => {
    const tab = browser()
    const guest = (await tab.call(signupAnonymous, {}, null)).body.data
    const email = uniqueEmail('cookie')
    expect((await tab.call(sendEmailCode, { email }, guest.token)).status).toBe(200)
    const signedIn = await tab.call(login, { type: 'email', email, code: t.smtp.codeFor(email) }, guest.token)
    expect(signedIn.status).toBe(200)
    const cookies = setCookies(signedIn.headers)
    expect(cookies.get(SessionCookies.userToken)?.attributes).toMatchObject({
      httponly: '',
      samesite: 'Strict',
    })
    // The account's id is readable by the page (it says there is an account to restore), not a secret.
    expect(cookies.get(SessionCookies.userId)?.value).toBe(String(guest.user_id))
    expect(cookies.get(SessionCookies.userId)?.attributes).not.toHaveProperty('httponly')
    expect(cookies.get(SessionCookies.userId)?.attributes).toMatchObject({ samesite: 'Strict', path: '/' })
    expect(cleared(cookies.get(SessionCookies.anonymousToken))).toBe(true)
    expect(signedIn.body.data.ptoken).toMatch(/^p1\./)
    expect(JSON.stringify(signedIn.body)).not.toContain(cookies.get(SessionCookies.userToken)?.value)

    // A reload: nothing in memory, the cookie is all there is.
    const reload = await tab.call(refresh, { user_info: { user_id: guest.user_id } }, null)
    expect(reload.status).toBe(200)
    expect(reload.body.data.user).toMatchObject({ user_id: guest.user_id, user_type: 0 })
    const me = await t.call(currentUser, {}, { token: reload.body.data.ptoken })
    expect(me.body.data.user.email).toBe(email)
  })

  it('ends a page token after 15 minutes; the cookie gives a new one; it never buys the session token', async () => {
    const tab = browser()
    const { token } = (await tab.call(signupAnonymous, {}, null)).body.data
    t.clock.advance((Session.pageTokenSeconds + 1) * 1000)
    expect((await t.call(currentUser, {}, { token })).status).toBe(401)

    const renewed = await tab.call(refresh, {}, token)
    expect(renewed.status).toBe(200)
    expect((await t.call(currentUser, {}, { token: renewed.body.data.ptoken })).status).toBe(200)
    // Without the cookie a page token is only itself: refresh answers no session token for it.
    const asApiClient = await t.call(refresh, {}, { token: renewed.body.data.ptoken })
    expect(asApiClient.status).toBe(401)
    // A forged or altered page token is nobody.
    const forged = `${renewed.body.data.ptoken.slice(0, -2)}AA`
    expect((await t.call(currentUser, {}, { token: forged })).status).toBe(401)
  })

  it('logout clears the cookies and ends the session, its page tokens and sockets at once', async () => {
    const tab = browser()
    const { token, user_id } = (await tab.call(signupAnonymous, {}, null)).body.data
    const second = (await tab.call(refresh, {}, null)).body.data.ptoken
    const baseUrl = await t.listen()
    const socket = await connectSocket(baseUrl, { token: second })
    const signouts = collect(socket, SocketChannels.signout)
    const sessionCookie = tab.jar.get(SessionCookies.anonymousToken)

    const out = await tab.call(logout, {}, token)
    expect(out.status).toBe(200)
    const cookies = setCookies(out.headers)
    for (const name of [SessionCookies.anonymousToken, SessionCookies.userToken, SessionCookies.userId])
      expect(cleared(cookies.get(name)), name).toBe(true)
    expect(tab.jar.size).toBe(0)
    // Every tab of the session: its page token, its socket.
    expect((await signouts.next()).body.reason).toBe('logout')
    socket.close()
    expect((await t.call(currentUser, {}, { token: second })).status).toBe(401)
    // A copy of the old cookie is refused, and the refusal clears it.
    const stale = await t.call(
      refresh,
      {},
      {
        headers: {
          [Headers.sessionCookie]: '1',
          cookie: `${SessionCookies.anonymousToken}=${sessionCookie}`,
        },
      },
    )
    expect(stale.status).toBe(401)
    expect(stale.body.error.code).toBe(ErrorCodes.NotLoggedIn.code)
    expect(cleared(setCookies(stale.headers).get(SessionCookies.anonymousToken))).toBe(true)
    expect(user_id).toBeGreaterThan(0)
  })

  it('renews the cookie inside the refresh window on the same session: other tabs carry on', async () => {
    const tab = browser()
    const { user_id } = (await tab.call(signupAnonymous, {}, null)).body.data
    t.clock.advance((Session.maxAgeSeconds - Session.refreshWindowSeconds + 60) * 1000)
    const before = tab.jar.get(SessionCookies.anonymousToken)
    const otherTab = (await tab.call(refresh, {}, null)).body.data
    expect(otherTab.refreshed).toBe(true)

    const after = tab.jar.get(SessionCookies.anonymousToken)
    expect(after).not.toBe(before)
    const again = await tab.call(refresh, {}, null)
    expect(again.body.data).toMatchObject({ refreshed: false, user: { user_id } })
    expect(again.body.data.expires_at).toBe(nowSeconds() + Session.maxAgeSeconds)
    // The other tab's page token names the same session, which lives on.
    expect((await t.call(currentUser, {}, { token: otherTab.ptoken })).status).toBe(200)
    const old = await t.call(
      refresh,
      {},
      {
        headers: { [Headers.sessionCookie]: '1', cookie: `${SessionCookies.anonymousToken}=${before}` },
      },
    )
    expect(old.status).toBe(401)
  })

  it('moves a session token held from before cookies into the cookie', async () => {
    const account = await makeAccount(t)
    const res = await t.call(refresh, {}, { token: account.token, headers: { [Headers.sessionCookie]: '1' } })
    expect(res.status).toBe(200)
    expect(res.body.data.ptoken).toMatch(/^p1\./)
    expect(setCookies(res.headers).get(SessionCookies.userToken)?.value).toBe(account.token)
  })
})

describe('cookies behind https', () => {
  let secure: TestApp
  beforeAll(async () => {
    secure = await startTestApp({ PUBLIC_URL: 'https://velvet.example' })
  })
  afterAll(() => secure.close())

  it('are Secure', async () => {
    const account = await makeAccount(secure)
    const res = await secure.call(
      refresh,
      {},
      { token: account.token, headers: { [Headers.sessionCookie]: '1' } },
    )
    const cookies = setCookies(res.headers)
    expect(cookies.get(SessionCookies.userToken)?.attributes).toHaveProperty('secure')
    expect(cookies.get(SessionCookies.userId)?.attributes).toHaveProperty('secure')
  })
})
