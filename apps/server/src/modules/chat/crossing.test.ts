/**
 * Crossing writes on PostgreSQL: fans and creators write to each other at the same moment, the
 * fans also tip and pay for messages, 1,000 calls at once. Opposite sends used to lock the two sides of a
 * conversation in opposite orders and PostgreSQL answered some with a deadlock (HTTP 500). Every call must
 * now succeed, in bounded time, with the ledger exact. `npm run test:pg` runs it; on PGlite it is skipped:
 * PGlite has one connection, so two transactions never wait on each other there and nothing can deadlock.
 */
import { chatMessages, chatSend, chatTip, conversationOpen } from '@velvet/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../platform/db.ts'
import { migratedScratchDatabase } from '../../test/database.ts'
import { makeAccount } from '../../test/factories.ts'
import { startTestApp, type TestApp } from '../../test/harness.ts'
import { expectCleanLedger, mintCoins } from '../../test/money-factories.ts'
import { type Account, makeCreator } from '../../test/social-factories.ts'
import { paidMessageSettings } from './schema.ts'

const databaseUrl = process.env.DATABASE_URL
const PAIRS = 20
/** Per pair: fan → creator sends, creator → fan sends, fan tips (50 × 20 pairs = 1,000 calls). */
const FAN_SENDS = 20
const CREATOR_SENDS = 20
const TIPS = 10
const PAID_PRICE = 2

interface Pair {
  fan: Account
  creator: Account
  conversationId: string
  price: number
}

describe.skipIf(!databaseUrl)(
  'crossing sends and tips (PostgreSQL only: PGlite has one connection, so nothing can deadlock there)',
  { timeout: 300_000 },
  () => {
    let database: Database
    let t: TestApp
    const pairs: Pair[] = []
    /** Transactions PostgreSQL gave up (deadlocks) and the database helper ran again. */
    let retried = 0

    beforeAll(async () => {
      // No pool wait or lock limits (the helper's defaults): 1,000 calls at once queue for 10 connections
      // and for each other's rows, and this test is about the order of the locks, not about the limits
      // (db-limits.test.ts tests those).
      const scratch = await migratedScratchDatabase(databaseUrl as string, {
        onRetry: () => {
          retried += 1
        },
      })
      database = scratch.database
      t = await startTestApp({ RATE_LIMIT_PER_MINUTE: '1000000' }, { database })
      for (let i = 0; i < PAIRS; i++) {
        const creator = await makeCreator(t)
        const fan = await makeAccount(t)
        // Every other creator charges for messages: the fan's sends then lock their side and move coins.
        const price = i % 2 === 0 ? PAID_PRICE : 0
        if (price > 0)
          await t.database.db
            .insert(paidMessageSettings)
            .values({ creatorId: creator.userId, price, membersFree: true, creatorsFree: true })
        await mintCoins(t, fan.userId, 10_000)
        const { conversation } = await t.data(conversationOpen, { user_id: creator.userId }, fan)
        pairs.push({ fan, creator, conversationId: conversation.conversation_id, price })
      }
    }, 300_000)

    afterAll(async () => {
      await t?.close()
      await database?.close()
    })

    it('1,000 simultaneous crossing sends and tips all succeed, in bounded time, the ledger exact', async () => {
      const calls: Array<() => Promise<{ status: number; body: unknown }>> = []
      for (const [p, pair] of pairs.entries()) {
        const id = pair.conversationId
        for (let i = 0; i < Math.max(FAN_SENDS, CREATOR_SENDS, TIPS); i++) {
          if (i < FAN_SENDS)
            calls.push(() =>
              t.call(
                chatSend,
                {
                  conversation_id: id,
                  client_msg_id: `x-${p}-fan-${i}`,
                  text: `fan ${i}`,
                  paid_price: pair.price,
                },
                pair.fan,
              ),
            )
          if (i < CREATOR_SENDS)
            calls.push(() =>
              t.call(
                chatSend,
                { conversation_id: id, client_msg_id: `x-${p}-creator-${i}`, text: `creator ${i}` },
                pair.creator,
              ),
            )
          if (i < TIPS)
            calls.push(() =>
              t.call(
                chatTip,
                { conversation_id: id, client_msg_id: `x-${p}-tip-${i}`, coins: 1 + (i % 5) },
                { token: pair.fan.token, headers: { 'idempotency-key': `crossing-tip-${p}-${i}` } },
              ),
            )
        }
      }
      expect(calls).toHaveLength(1_000)

      const started = performance.now()
      const answers = await Promise.all(calls.map((call) => call()))
      const seconds = (performance.now() - started) / 1000
      const failed = answers.filter((answer) => answer.status !== 200)
      console.info(
        `crossing: 1,000 calls in ${seconds.toFixed(1)} s, ${failed.length} failed, ${retried} transactions retried`,
      )
      expect(failed.map((answer) => `${answer.status} ${JSON.stringify(answer.body)}`)).toEqual([])
      expect(seconds).toBeLessThan(150)

      // Every call stored its message once, and the money adds up.
      for (const pair of pairs) {
        const page = await t.data(
          chatMessages,
          { conversation_id: pair.conversationId, limit: 100 },
          pair.creator,
        )
        expect(page.list).toHaveLength(FAN_SENDS + CREATOR_SENDS + TIPS)
      }
      await expectCleanLedger(t)
    })
  },
)
