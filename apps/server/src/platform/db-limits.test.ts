/**
 * The database under faults: /readyz answers within a second whatever the database does; on
 * PostgreSQL, a call that cannot get a connection in time, or waits too long for a locked row, answers
 * 1020 "busy, try again" (HTTP 503) instead of hanging with every call queued behind it; and a transaction
 * PostgreSQL gives up in a deadlock runs again once, transparently. The PostgreSQL parts run under
 * `npm run test:pg` (PGlite has one connection: no pool to fill, no lock to wait for, no deadlock).
 */
import { chatTip, conversationOpen, ErrorCodes, systemInit } from '@velvet/contract'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AccountKind } from '../modules/ledger/accounts.ts'
import { migratedScratchDatabase } from '../test/database.ts'
import { makeAccount } from '../test/factories.ts'
import { startTestApp, type TestApp } from '../test/harness.ts'
import { mintCoins } from '../test/money-factories.ts'
import { makeCreator } from '../test/social-factories.ts'
import type { Database, PoolSettings } from './db.ts'

const databaseUrl = process.env.DATABASE_URL
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Runs `work`, answering its result and how long it took (ms). */
async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now()
  const value = await work()
  return { value, ms: performance.now() - started }
}

/**
 * Keeps every connection of the database busy for `ms`: PGlite's one connection in a transaction that
 * waits, or each pooled PostgreSQL connection in `pg_sleep`.
 */
function holdEveryConnection(database: Database, ms: number): Promise<unknown> {
  if (database.kind === 'pglite') return database.db.transaction(() => sleep(ms))
  const connections = (database.pool as unknown as { options: { max: number } }).options.max
  return Promise.all(
    Array.from({ length: connections }, () => database.db.execute(sql`SELECT pg_sleep(${ms / 1000})`)),
  )
}

describe('readiness whatever the database does', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp()
  })
  afterAll(() => t.close())

  it('answers /readyz within a second while every database connection is held, then ok again', async () => {
    const held = holdEveryConnection(t.database, 5_000)
    await sleep(200)
    const ready = await timed(() => t.app.inject({ method: 'GET', url: '/readyz' }))
    expect(ready.value.statusCode).toBe(503)
    expect(ready.value.json()).toMatchObject({ status: 'unavailable' })
    // One second of waiting and what it takes to answer on a loaded machine: not the 5 s of the hold.
    expect(ready.ms).toBeLessThan(2_500)
    await held
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200)
  })
})

describe.skipIf(!databaseUrl)('pool limits and timeouts (PostgreSQL)', { timeout: 120_000 }, () => {
  const limits: PoolSettings = {
    max: 3,
    waitMs: 500,
    statementTimeoutMs: 10_000,
    lockTimeoutMs: 1_000,
    idleInTransactionTimeoutMs: 10_000,
  }
  let scratchUrl: string
  let database: Database
  let t: TestApp
  let retried = 0

  beforeAll(async () => {
    const scratch = await migratedScratchDatabase(databaseUrl as string, {
      pool: limits,
      onRetry: () => {
        retried += 1
      },
    })
    database = scratch.database
    scratchUrl = scratch.url
    t = await startTestApp({ RATE_LIMIT_PER_MINUTE: '1000000' }, { database })
  }, 120_000)

  afterAll(async () => {
    await t?.close()
    await database?.close()
  })

  it('a burst larger than the pool: calls answer 1020 once the pool wait passes, /readyz within 1 s', async () => {
    const fan = await makeAccount(t)
    expect((await t.call(systemInit, {}, fan)).status).toBe(200)
    // Every connection busy for 5 s: 30 calls at once cannot get one within the 500 ms wait.
    const held = holdEveryConnection(database, 5_000)
    await sleep(200)
    const [ready, ...answers] = await Promise.all([
      timed(() => t.app.inject({ method: 'GET', url: '/readyz' })),
      ...Array.from({ length: 30 }, () => timed(() => t.call(systemInit, {}, fan))),
    ])
    expect(ready?.value.statusCode).toBe(503)
    expect(ready?.ms).toBeLessThan(2_500)
    for (const answer of answers) {
      expect(answer.value.status).toBe(503)
      expect(answer.value.body).toEqual({
        result: 'error',
        error: { code: ErrorCodes.ServerBusy.code, message: ErrorCodes.ServerBusy.message },
      })
      expect(answer.value.headers['retry-after']).toBe('1')
      // The pool's wait and what answering takes on a loaded machine: not the 5 s the connections stay busy.
      expect(answer.ms).toBeLessThan(3_000)
    }
    await held
    // The burst is over: the same call goes through.
    expect((await t.call(systemInit, {}, fan)).status).toBe(200)
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200)
  })

  it('a wallet row locked for long: calls that need it answer 1020 after the lock wait, others go on', async () => {
    const creator = await makeCreator(t)
    const fan = await makeAccount(t)
    const other = await makeAccount(t)
    await mintCoins(t, fan.userId, 100)
    const { conversation } = await t.data(conversationOpen, { user_id: creator.userId }, fan)
    // Someone else (another process, a stuck job) holds the fan's coin wallet in an open transaction.
    const holder = new pg.Client({ connectionString: scratchUrl })
    await holder.connect()
    try {
      await holder.query('BEGIN')
      await holder.query('SELECT * FROM ledger_accounts WHERE user_id = $1 AND kind = $2 FOR UPDATE', [
        fan.userId,
        AccountKind.FanCoins,
      ])
      const tip = (i: number) =>
        timed(() =>
          t.call(
            chatTip,
            { conversation_id: conversation.conversation_id, client_msg_id: `locked-${i}`, coins: 1 },
            { token: fan.token, headers: { 'idempotency-key': `locked-tip-${i}` } },
          ),
        )
      const [ready, others, ...tips] = await Promise.all([
        // After the tips have taken the pool's connections.
        sleep(300).then(() => timed(() => t.app.inject({ method: 'GET', url: '/readyz' }))),
        sleep(300).then(() => timed(() => t.call(systemInit, {}, other))),
        ...Array.from({ length: 6 }, (_, i) => tip(i)),
      ])
      expect(ready?.ms).toBeLessThan(2_500)
      for (const answer of tips) {
        expect(answer.value.status).toBe(503)
        expect(answer.value.body.error.code).toBe(ErrorCodes.ServerBusy.code)
        // The lock wait, the pool wait behind the others' lock waits, and a little: not the lock's 10 s.
        expect(answer.ms).toBeLessThan(5_000)
      }
      // A call that needs no locked row is answered (or told to retry) in bounded time as well.
      expect([200, 503]).toContain(others?.value.status)
      expect(others?.ms).toBeLessThan(3_000)
    } finally {
      await holder.query('ROLLBACK').catch(() => undefined)
      await holder.end()
    }
    // The lock is gone: the tip goes through.
    const after = await t.call(
      chatTip,
      { conversation_id: conversation.conversation_id, client_msg_id: 'locked-after', coins: 1 },
      { token: fan.token, headers: { 'idempotency-key': 'locked-tip-after' } },
    )
    expect(after.status).toBe(200)
  })

  it('runs a transaction PostgreSQL gave up in a deadlock once more, transparently', async () => {
    await database.db.execute(sql`CREATE TABLE crossing (id int PRIMARY KEY, n int NOT NULL)`)
    await database.db.execute(sql`INSERT INTO crossing VALUES (1, 0), (2, 0)`)
    const attempts = { a: 0, b: 0 }
    let holding = 0
    let bothHold: () => void = () => undefined
    const bothHolding = new Promise<void>((resolve) => {
      bothHold = resolve
    })
    // Two transactions lock the same two rows in opposite orders, each waiting (on its first try) until the
    // other holds its first row: PostgreSQL must give one of them up.
    const crossing = (name: 'a' | 'b', first: number, second: number) =>
      database.db.transaction(async (tx) => {
        attempts[name] += 1
        // Longer than PostgreSQL's deadlock_timeout (1 s), unlike this pool's lock_timeout.
        await tx.execute(sql`SET LOCAL lock_timeout = '10s'`)
        await tx.execute(sql`UPDATE crossing SET n = n + 1 WHERE id = ${first}`)
        if (attempts[name] === 1) {
          holding += 1
          if (holding === 2) bothHold()
          await bothHolding
        }
        await tx.execute(sql`UPDATE crossing SET n = n + 1 WHERE id = ${second}`)
      })
    const before = retried
    await Promise.all([crossing('a', 1, 2), crossing('b', 2, 1)])
    expect(attempts.a + attempts.b).toBe(3)
    expect(retried - before).toBe(1)
    const rows = await database.db.execute(sql`SELECT id, n FROM crossing ORDER BY id`)
    expect((rows as unknown as { rows: { id: number; n: number }[] }).rows).toEqual([
      { id: 1, n: 2 },
      { id: 2, n: 2 },
    ])
  })
})
