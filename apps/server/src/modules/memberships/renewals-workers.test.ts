/**
 * Renewal exactly once with the real job queue: two app processes (each with its pg-boss workers) share
 * one database; duplicate per-subscription jobs and sweeps on both charge the period once (one payment,
 * one RENEWAL event, one ledger sale), and the ledger stays clean.
 */
import { MembershipStatus, SubscriptionEvent } from '@velvet/contract'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { Database } from '../../platform/db.ts'
import { freshDatabase } from '../../test/database.ts'
import { makeAccount } from '../../test/factories.ts'
import { startTestApp, type TestApp } from '../../test/harness.ts'
import { expectCleanLedger } from '../../test/money-factories.ts'
import { TransferKind } from '../ledger/accounts.ts'
import { ledgerTransfers } from '../ledger/schema.ts'
import { addMonths, renewJob } from './billing.ts'
import { subscriptionEvents } from './schema.ts'
import { addCard, makePlanCreator, subscribe, subscriptionRow } from './test-support.ts'

let database: Database
let first: TestApp
let second: TestApp

beforeAll(async () => {
  database = await freshDatabase()
  const env = { PAYMENTS_SANDBOX_DELAY_MS: '-1' }
  first = await startTestApp(env, { database, jobs: true })
  second = await startTestApp(env, { database, jobs: true })
})
afterAll(async () => {
  await first?.close()
  await second?.close()
  await database?.close()
})

async function waitFor(done: () => Promise<boolean>, what: string) {
  for (let i = 0; i < 150; i++) {
    if (await done()) return
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`timed out waiting for ${what}`)
}

it('charges a due period once across two processes and many duplicate jobs', async () => {
  const t = first
  const creator = await makePlanCreator(t, { price_usd: 11 })
  const fans = [await makeAccount(t), await makeAccount(t), await makeAccount(t)]
  for (const fan of fans) {
    await addCard(t, fan)
    const res = await subscribe(t, fan, { creator_id: creator.userId, expected_cents: 1100 })
    expect(res.body.data.status).toBe('succeeded')
  }
  const rows = await Promise.all(fans.map((fan) => subscriptionRow(t, fan, creator)))
  const latest = Math.max(...rows.map((row) => row.periodEnd.getTime()))
  for (const app of [first, second]) app.clock.set(new Date(latest + 60_000))

  const bosses = [first.jobs, second.jobs]
  await Promise.all(
    bosses.flatMap((boss) => [
      ...rows.flatMap((row) => [1, 2, 3].map(() => boss?.send(renewJob.name, { subscription_id: row.id }))),
      boss?.send(renewJob.name, {}),
      boss?.send(renewJob.name, {}),
    ]),
  )
  const renewalsOf = async (id: number) =>
    database.db
      .select()
      .from(subscriptionEvents)
      .where(
        and(
          eq(subscriptionEvents.subscriptionId, id),
          eq(subscriptionEvents.event, SubscriptionEvent.Renewal),
        ),
      )
  await waitFor(
    async () =>
      (await Promise.all(rows.map((row) => renewalsOf(row.id)))).every((events) => events.length > 0),
    'renewals',
  )
  // Let every duplicate job run (workers poll every 2 s).
  await new Promise((resolve) => setTimeout(resolve, 5_000))

  for (const [i, row] of rows.entries()) {
    expect(await renewalsOf(row.id)).toHaveLength(1)
    const fan = fans[i]
    if (!fan) throw new Error('fan missing')
    const now = await subscriptionRow(t, fan, creator)
    expect(now).toMatchObject({ status: MembershipStatus.Active, lifetimeCents: 2200, renewingUntil: null })
    expect(now.periodEnd).toEqual(addMonths(row.periodEnd, 1))
    const sales = await database.db
      .select()
      .from(ledgerTransfers)
      .where(
        and(
          eq(ledgerTransfers.kind, TransferKind.MembershipCharge),
          eq(ledgerTransfers.actorUserId, fan.userId),
        ),
      )
    expect(sales).toHaveLength(2)
  }
  expect(await t.app.services.money.ledger.earningsCents(creator.userId)).toBe(3 * 2 * 880)
  await expectCleanLedger(t)
}, 90_000)
