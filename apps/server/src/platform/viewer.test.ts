/**
 * Session lookups kept in memory (viewer.ts `cachedViewers`): a logged-out or revoked session is refused on
 * the very next request of this process, and a change the app was not told of shows the cache is in use.
 */
import {
  accountInfo,
  Caching,
  currentUser,
  login,
  logout,
  revokeSession,
  sendEmailCode,
} from '@velvet/contract'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sessions } from '../modules/auth/schema.ts'
import { makeAccount } from '../test/factories.ts'
import { startTestApp, type TestApp } from '../test/harness.ts'

let t: TestApp
beforeAll(async () => {
  t = await startTestApp()
})
afterAll(() => t.close())

const settle = () => new Promise((resolve) => setTimeout(resolve, Caching.settleMs + 100))
const status = async (token: string) => (await t.call(currentUser, {}, { token })).status

async function signInAgain(email: string): Promise<string> {
  t.clock.advance(61_000)
  await t.call(sendEmailCode, { email })
  const res = await t.call(login, { type: 'email', email, code: t.smtp.codeFor(email) })
  expect(res.status).toBe(200)
  return res.body.data.ptoken
}

describe('session lookup cache', () => {
  it('is in use: a session revoked behind the app is still taken until its entry ends', async () => {
    const me = await makeAccount(t)
    await settle()
    expect(await status(me.token)).toBe(200)
    await t.database.db
      .update(sessions)
      .set({ revokedAt: t.clock.now() })
      .where(eq(sessions.userId, me.userId))
    expect(await status(me.token)).toBe(200)
    t.clock.advance(Caching.sessionSeconds * 1000)
    expect(await status(me.token)).toBe(401)
  })

  it('refuses a logged-out session on the next request', async () => {
    const me = await makeAccount(t)
    await settle()
    expect(await status(me.token)).toBe(200)
    expect(await status(me.token)).toBe(200)
    expect((await t.call(logout, {}, { token: me.token })).status).toBe(200)
    expect(await status(me.token)).toBe(401)
  })

  it('refuses a session signed out from another device on its next request', async () => {
    const me = await makeAccount(t)
    const other = await signInAgain(me.email)
    await settle()
    expect(await status(other)).toBe(200)
    const list = await t.call(accountInfo, {}, { token: me.token })
    const target = list.body.data.sessions.find((s: { current: boolean }) => !s.current).session_id
    expect((await t.call(revokeSession, { session_id: target }, { token: me.token })).status).toBe(200)
    expect(await status(other)).toBe(401)
    expect(await status(me.token)).toBe(200)
  })

  it('never takes a session past its expiry', async () => {
    const me = await makeAccount(t)
    await settle()
    expect(await status(me.token)).toBe(200)
    const [row] = await t.database.db
      .select({ expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(eq(sessions.userId, me.userId))
    if (!row) throw new Error('no session')
    t.clock.set(new Date(row.expiresAt.getTime() + 1))
    expect(await status(me.token)).toBe(401)
  })
})
