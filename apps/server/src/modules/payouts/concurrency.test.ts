/**
 * Withdrawals and payout methods under simultaneous requests, through HTTP: a creator's
 * withdrawal requests are checked (the pause, what paid messages hold) and debited one at a time under a
 * per-creator lock, so a burst cannot take money held for unanswered paid messages; adding methods counts
 * the limit under the same kind of lock. The races show on PostgreSQL (`npm run test:pg`); PGlite's single
 * connection serialises the transactions.
 */
import {
  ChatRules,
  chatSend,
  conversationOpen,
  ErrorCodes,
  PAYOUT_METHODS_MAX,
  PayoutSandbox,
  PayoutStatus,
  payoutOverview,
  requestPayout,
  savePayoutPaypal,
  savePayoutTax,
  updatePaidMessageSettings,
} from '@velvet/contract'
import { and, eq, isNull, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SANDBOX_SETTLE_MS } from '../../platform/payouts/sandbox.ts'
import { makeAccount } from '../../test/factories.ts'
import { startTestApp, type TestApp } from '../../test/harness.ts'
import { expectCleanLedger, mintCoins } from '../../test/money-factories.ts'
import { makeVerifiedCreator } from '../../test/post-factories.ts'
import { type Account, follow } from '../../test/social-factories.ts'
import { AccountKind } from '../ledger/accounts.ts'
import { ledgerAccounts } from '../ledger/schema.ts'
import { payoutMethods } from './schema.ts'
import { giveEarnings, idem, W9_FORM } from './test-factories.ts'

let t: TestApp
beforeAll(async () => {
  t = await startTestApp()
})
afterAll(() => t.close())

/** A fan's paid message to the creator, unanswered: the creator's share of it is held. */
async function heldPaidMessage(creator: Account, coins: number) {
  const fan = await makeAccount(t)
  await follow(t, fan, creator)
  await t.data(updatePaidMessageSettings, { price: coins, members_free: true, creators_free: true }, creator)
  const { conversation } = await t.data(conversationOpen, { user_id: creator.userId }, fan)
  const send = (text: string, paid = 0) =>
    t.data(
      chatSend,
      {
        conversation_id: conversation.conversation_id,
        client_msg_id: `${text}-${process.pid}-${Math.random()}`,
        text,
        paid_price: paid,
      },
      fan,
    )
  for (let i = 0; i < ChatRules.freeMessages; i++) await send(`free ${i}`)
  await mintCoins(t, fan.userId, coins)
  await send('paid', coins)
}

describe('withdrawals at once', () => {
  it('never pays out what unanswered paid messages hold, however many requests come together', async () => {
    const creator = await makeVerifiedCreator(t)
    await giveEarnings(t, creator.userId, 500)
    await t.data(savePayoutTax, W9_FORM, creator)
    const method = await t.data(savePayoutPaypal, { email: `${creator.userName}@example.com` }, creator)
    await heldPaidMessage(creator, 2_000)
    const before = await t.data(payoutOverview, {}, creator)
    expect(before.held_cents).toBeGreaterThan(before.available_cents)

    // Each request alone fits what is available; two together would dip into the held share.
    const amount = Math.floor(before.available_cents / 2) + 100
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.call(
          requestPayout,
          { amount_cents: amount, method_id: method.method_id },
          { token: creator.token, headers: idem('burst') },
        ),
      ),
    )
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1)
    expect(
      answers
        .filter((a) => a.status !== 200)
        .every((a) => a.body.error.code === ErrorCodes.PayoutNotCleared.code),
    ).toBe(true)
    const after = await t.data(payoutOverview, {}, creator)
    expect(after.held_cents).toBe(before.held_cents)
    expect(after.available_cents).toBe(before.available_cents - amount)
    await expectCleanLedger(t)
  })
})

/** Backends of this test's database waiting for a lock. */
async function lockWaiters(): Promise<number> {
  const result = (await t.database.db.execute(
    sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
  )) as unknown as { rows: Array<{ n: number }> }
  return Number(result.rows[0]?.n ?? 0)
}

async function untilLockWaiters(n: number) {
  for (let i = 0; i < 200 && (await lockWaiters()) < n; i++) await new Promise((r) => setTimeout(r, 50))
  expect(await lockWaiters()).toBeGreaterThanOrEqual(n)
}

// The interleaving needs a second connection to hold a row lock while the app works: PostgreSQL only.
describe.skipIf(!process.env.DATABASE_URL)('a withdrawal failing while others are requested', () => {
  it('pauses every request that did not finish before the failure, so none takes the money it gives back', async () => {
    const creator = await makeVerifiedCreator(t)
    await giveEarnings(t, creator.userId, 500)
    await t.data(savePayoutTax, W9_FORM, creator)
    const failing = await t.data(
      savePayoutPaypal,
      { email: `${creator.userName}${PayoutSandbox.failingPaypalSuffix}@example.com` },
      creator,
    )
    const good = await t.data(savePayoutPaypal, { email: `${creator.userName}@example.com` }, creator)
    const all = (await t.data(payoutOverview, {}, creator)).available_cents
    const first = await t.data(
      requestPayout,
      { amount_cents: all, method_id: failing.method_id },
      { token: creator.token, headers: idem('first') },
    )
    const payouts = t.app.services.money.payouts
    expect((await payouts.advance(first.payout_id))?.status).toBe(PayoutStatus.Processing)
    await new Promise((r) => setTimeout(r, SANDBOX_SETTLE_MS + 200))

    // Hold the creator's payout wallet: the failure (its refund) and any debit queue behind it.
    let release = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    const holding = t.database.db.transaction(async (tx) => {
      await tx
        .select({ id: ledgerAccounts.id })
        .from(ledgerAccounts)
        .where(
          and(eq(ledgerAccounts.userId, creator.userId), eq(ledgerAccounts.kind, AccountKind.CreatorPayout)),
        )
        .for('update')
      await held
    })
    const failed = payouts.advance(first.payout_id)
    await untilLockWaiters(1)
    // Requests while the failure is under way: each would fit the money the failure gives back.
    const requests = Array.from({ length: 4 }, () =>
      t.call(
        requestPayout,
        { amount_cents: all, method_id: good.method_id },
        { token: creator.token, headers: idem('during') },
      ),
    )
    await untilLockWaiters(2)
    release()
    await holding
    expect((await failed)?.status).toBe(PayoutStatus.Failed)
    const answers = await Promise.all(requests)
    expect(answers.map((a) => a.body.error?.code)).toEqual([
      ErrorCodes.PayoutsSuspended.code,
      ErrorCodes.PayoutsSuspended.code,
      ErrorCodes.PayoutsSuspended.code,
      ErrorCodes.PayoutsSuspended.code,
    ])
    expect((await t.data(payoutOverview, {}, creator)).available_cents).toBe(all)
    await expectCleanLedger(t)
  })
})

describe('payout methods at once', () => {
  it(`keeps at most ${PAYOUT_METHODS_MAX} methods when more are added together`, async () => {
    const creator = await makeVerifiedCreator(t)
    const answers = await Promise.all(
      Array.from({ length: PAYOUT_METHODS_MAX + 6 }, (_, i) =>
        t.call(savePayoutPaypal, { email: `${creator.userName}.${i}@example.com` }, creator),
      ),
    )
    expect(answers.filter((a) => a.status === 200)).toHaveLength(PAYOUT_METHODS_MAX)
    expect(
      answers
        .filter((a) => a.status !== 200)
        .every((a) => a.body.error.code === ErrorCodes.PayoutMethodLimit.code),
    ).toBe(true)
    const live = await t.database.db
      .select({ id: payoutMethods.id, isDefault: payoutMethods.isDefault })
      .from(payoutMethods)
      .where(and(eq(payoutMethods.userId, creator.userId), isNull(payoutMethods.removedAt)))
    expect(live).toHaveLength(PAYOUT_METHODS_MAX)
    // And exactly one of them is the default.
    expect(live.filter((m) => m.isDefault)).toHaveLength(1)
  })
})
