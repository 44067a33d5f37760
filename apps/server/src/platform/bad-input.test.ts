import * as contract from '@velvet/contract'
import { type CallDef, currentUser, isCallDef, profileView } from '@velvet/contract'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../test/harness.ts'
import { inputsFor, wellFormedDeep } from '../test/hostile-input.ts'
import { collectLogLines } from '../test/log-lines.ts'
import { makeVerifiedCreator } from '../test/post-factories.ts'
import type { Account } from '../test/social-factories.ts'

/**
 * Bad input never answers a 5xx nor logs an error. Every call of the contract (a new one is covered
 * as soon as it is exported) gets inputs shaped like its schema with hostile values mixed in, through HTTP,
 * signed with a verified creator's session so that they reach the services and the database.
 */
const RUNS = 10

const calls = Object.values(contract as Record<string, unknown>)
  .filter(isCallDef)
  .sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method))

const logs = collectLogLines()

let t: TestApp
let session: Account
beforeAll(async () => {
  t = await startTestApp(
    {
      LOG_LEVEL: 'warn',
      // Google sign-in on (a server without it answers 503 by design), its keys at an address that refuses
      // connections: a token that gets as far as the key fetch is refused like any bad token.
      GOOGLE_CLIENT_ID: 'velvet-fuzz.apps.googleusercontent.com',
      GOOGLE_JWKS_URL: 'http://127.0.0.1:9/certs',
    },
    { logStream: logs.stream },
  )
  session = await makeVerifiedCreator(t)
})
afterAll(() => t.close())

/** Logging out or signing out other devices ends the session: the next call gets a new creator. */
async function liveSession(): Promise<Account> {
  if ((await t.call(currentUser, {}, { token: session.token })).status !== 200) {
    session = await makeVerifiedCreator(t)
  }
  return session
}

describe('hostile input through every contract call', () => {
  it('finds the calls', () => {
    expect(calls.length).toBeGreaterThan(100)
  })

  it.each(calls.map((call) => [`${call.method} ${call.path}`, call] as const))('%s', async (_name, call) => {
    const { token } = await liveSession()
    await fc.assert(
      fc.asyncProperty(inputsFor(call), async (generated) => {
        // A browser cannot put a lone surrogate in a URL (it sends U+FFFD); bodies carry them as \\ud800.
        const input = call.method === 'GET' ? wellFormedDeep(generated) : generated
        logs.mark()
        const res = await t.call(call as CallDef, input, { token })
        expect(res.status, JSON.stringify(res.body)).toBeLessThan(500)
        expect(['ok', 'error']).toContain(res.body.result)
        expect(logs.errors()).toEqual([])
      }),
      { numRuns: RUNS },
    )
  })
})

describe('hostile query strings', () => {
  it('answers a NUL or a lone surrogate written into a URL (which no browser sends) with a 4xx', async () => {
    const ts = Math.floor(t.clock.now().getTime() / 1000)
    for (const value of ['%00', '%ED%A0%80', '%C0%80', '%', '%zz']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `${profileView.path}?user_name=${value}&ts=${ts}&sign=${'0'.repeat(64)}`,
        headers: { authorization: `Bearer ${session.token}` },
      })
      expect(res.statusCode, value).toBeGreaterThanOrEqual(400)
      expect(res.statusCode, value).toBeLessThan(500)
    }
  })
})
