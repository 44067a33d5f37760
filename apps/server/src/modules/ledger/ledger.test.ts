/**
 * The ledger on a real database: balanced transfers once per key, no negative user balance (the database
 * refuses it too), one unlock per buyer and item, concurrent spends from one wallet, the stored answer of an
 * Idempotency-Key, and the sale split (creator share, referral out of the platform's part).
 */
import { coinsToCents, ErrorCodes, Shares, splitSale } from '@velvet/contract'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AppError } from '../../platform/errors.ts'
import { startTestApp, type TestApp } from '../../test/harness.ts'
import { AccountKind, TransferKind } from './accounts.ts'
import { createSales } from './sales.ts'
import { LedgerRefusal } from './service.ts'

let t: TestApp
let nextUser = 900_000

beforeAll(async () => {
  t = await startTestApp()
})
afterAll(() => t.close())

const ledger = () => t.app.services.money.ledger
const fanCoins = (userId: number) => ({ kind: AccountKind.FanCoins, userId }) as const
const creatorPayout = (userId: number) => ({ kind: AccountKind.CreatorPayout, userId }) as const

/** Mints coins into a fan's wallet the way a coin purchase does (card money into the coin reserve). */
async function mint(userId: number, coins: number, key = `mint-${userId}-${coins}-${Math.random()}`) {
  return ledger().transfer({
    key,
    kind: TransferKind.CoinPurchase,
    actorUserId: userId,
    postings: [
      { account: { kind: AccountKind.CoinIssuance }, amount: -coins },
      { account: fanCoins(userId), amount: coins },
      { account: { kind: AccountKind.PaymentClearing }, amount: -coinsToCents(coins) },
      { account: { kind: AccountKind.CoinReserve }, amount: coinsToCents(coins) },
    ],
  })
}

function spend(fan: number, creator: number, coins: number, key: string, item?: string) {
  const cents = coinsToCents(coins)
  return ledger().transfer({
    key,
    kind: item ? TransferKind.Unlock : TransferKind.Gift,
    actorUserId: fan,
    counterpartyUserId: creator,
    item: item ? { type: 'post', id: item } : null,
    postings: [
      { account: fanCoins(fan), amount: -coins },
      { account: { kind: AccountKind.CoinIssuance }, amount: coins },
      { account: { kind: AccountKind.CoinReserve }, amount: -cents },
      { account: creatorPayout(creator), amount: cents * 0.8 },
      { account: { kind: AccountKind.PlatformRevenue }, amount: cents * 0.2 },
    ],
  })
}

async function expectCleanAudit() {
  const audit = await ledger().audit()
  expect(audit.unbalancedTransfers).toEqual([])
  expect(audit.driftedAccounts).toEqual([])
  expect(audit.negativeAccounts).toEqual([])
  // Every unit sums to zero over the whole ledger (double entry).
  for (const total of audit.totalsByUnit.values()) expect(total).toBe(0)
}

describe('transfers', () => {
  it('moves coins once per key and answers the first transfer on a replay', async () => {
    const fan = nextUser++
    const first = await mint(fan, 100, `mint-once-${fan}`)
    const again = await mint(fan, 100, `mint-once-${fan}`)
    expect(first.created).toBe(true)
    expect(again.created).toBe(false)
    expect(again.transfer.id).toBe(first.transfer.id)
    expect(await ledger().coins(fan)).toBe(100)
    const postings = await ledger().postingsOf(first.transfer.id)
    expect(postings.map((p) => p.amount).sort((a, b) => a - b)).toEqual([-1000, -100, 100, 1000])
    await expectCleanAudit()
  })

  it('refuses a spend beyond the balance and leaves nothing behind', async () => {
    const fan = nextUser++
    const creator = nextUser++
    await mint(fan, 10)
    await expect(spend(fan, creator, 11, `short-${fan}`)).rejects.toMatchObject({
      reason: 'insufficient_funds',
    })
    expect(await ledger().coins(fan)).toBe(10)
    expect(await ledger().earningsCents(creator)).toBe(0)
    expect(await ledger().transferByKey(`short-${fan}`)).toBeNull()
    await expectCleanAudit()
  })

  it('names the short wallet when one of two debits is short, and writes nothing', async () => {
    const rich = nextUser++
    const poor = nextUser++
    await mint(rich, 100)
    await mint(poor, 5)
    const twoPayers = {
      key: `two-payers-${rich}`,
      kind: TransferKind.Gift,
      actorUserId: rich,
      postings: [
        { account: fanCoins(rich), amount: -10 },
        { account: fanCoins(poor), amount: -10 },
        { account: { kind: AccountKind.CoinIssuance }, amount: 20 },
      ],
    }
    const refusal = await ledger()
      .transfer(twoPayers)
      .catch((error: unknown) => error)
    expect(refusal).toBeInstanceOf(LedgerRefusal)
    expect(refusal).toMatchObject({ reason: 'insufficient_funds', account: fanCoins(poor) })
    expect(await ledger().coins(rich)).toBe(100)
    expect(await ledger().coins(poor)).toBe(5)
    expect(await ledger().transferByKey(twoPayers.key)).toBeNull()
    await expectCleanAudit()
  })

  it('keeps every posting of an account named twice and moves its balance by their sum', async () => {
    const fan = nextUser++
    await mint(fan, 50)
    const { transfer } = await ledger().transfer({
      key: `twice-${fan}`,
      kind: TransferKind.Refund,
      actorUserId: fan,
      postings: [
        { account: fanCoins(fan), amount: -30 },
        { account: { kind: AccountKind.CoinIssuance }, amount: 30 },
        { account: fanCoins(fan), amount: 12 },
        { account: { kind: AccountKind.CoinIssuance }, amount: -12 },
      ],
    })
    expect(await ledger().coins(fan)).toBe(32)
    const postings = await ledger().postingsOf(transfer.id)
    expect(postings.map((p) => p.amount)).toEqual([-30, 30, 12, -12])
    expect(postings.filter((p) => p.userId === fan)).toHaveLength(2)
    await expectCleanAudit()
  })

  it('refuses unbalanced postings before writing anything', async () => {
    await expect(
      ledger().transfer({
        key: 'unbalanced-1',
        kind: TransferKind.Gift,
        postings: [
          { account: fanCoins(1), amount: -5 },
          { account: { kind: AccountKind.CoinIssuance }, amount: 4 },
        ],
      }),
    ).rejects.toThrow(/do not balance/)
  })

  it('lets a buyer own an item once, whatever the key', async () => {
    const fan = nextUser++
    const creator = nextUser++
    await mint(fan, 50)
    await spend(fan, creator, 10, `unlock-a-${fan}`, '777')
    const second = spend(fan, creator, 10, `unlock-b-${fan}`, '777')
    await expect(second).rejects.toBeInstanceOf(LedgerRefusal)
    await expect(second).rejects.toMatchObject({ reason: 'already_owned' })
    expect(await ledger().coins(fan)).toBe(40)
    expect(await ledger().unlockOf(fan, { type: 'post', id: '777' })).not.toBeNull()
  })

  it('the database itself refuses a negative user balance', async () => {
    const fan = nextUser++
    await mint(fan, 3)
    await expect(
      t.database.db.execute(sql`UPDATE ledger_accounts SET balance = -1 WHERE user_id = ${fan}`),
    ).rejects.toThrow()
    expect(await ledger().coins(fan)).toBe(3)
  })

  it('serves concurrent spends from one wallet exactly as far as the coins go', async () => {
    const fan = nextUser++
    const creator = nextUser++
    await mint(fan, 200)
    const attempts = Array.from({ length: 50 }, (_, i) =>
      spend(fan, creator, 10, `race-${fan}-${i}`).then(
        () => 'ok',
        (error) => (error instanceof LedgerRefusal ? error.reason : 'error'),
      ),
    )
    const outcomes = await Promise.all(attempts)
    expect(outcomes.filter((o) => o === 'ok')).toHaveLength(20)
    expect(outcomes.filter((o) => o === 'insufficient_funds')).toHaveLength(30)
    expect(await ledger().coins(fan)).toBe(0)
    expect(await ledger().earningsCents(creator)).toBe(20 * 80)
    await expectCleanAudit()
  })
})

describe('sales', () => {
  it('splits a coin sale: 80% by default, 5% of it to the referrer out of the platform part', async () => {
    const fan = nextUser++
    const creator = nextUser++
    const referrer = nextUser++
    await mint(fan, 1000)
    const sales = createSales({
      db: t.database.db,
      ledger: ledger(),
      referrerOf: async (id) => (id === creator ? referrer : null),
      now: () => t.clock.now(),
    })
    const sale = await t.database.db.transaction((tx) =>
      sales.sell(
        {
          key: `sale-${fan}`,
          kind: TransferKind.Unlock,
          buyerId: fan,
          creatorId: creator,
          item: { type: 'post', id: `sale-${fan}` },
          payment: { coins: 333 },
          description: 'Unlocked a post',
        },
        tx,
      ),
    )
    const expected = splitSale(3330, Shares.creatorDefaultBps, true)
    expect(sale.lines).toMatchObject({
      gross_cents: 3330,
      net_cents: expected.netCents,
      referral_cents: expected.referralCents,
      fee_cents: expected.platformCents,
    })
    expect(expected.netCents + expected.referralCents + expected.platformCents).toBe(3330)
    expect(expected.netCents).toBe(2664)
    expect(expected.referralCents).toBe(133)
    expect(await ledger().earningsCents(creator)).toBe(2664)
    expect(await ledger().earningsCents(referrer)).toBe(133)
    await sales.setShare(creator, 9_000)
    expect(await sales.shareBps(creator)).toBe(9_000)
    await expect(sales.setShare(creator, 9_001)).rejects.toThrow()
    await expectCleanAudit()
  })
})

describe('idempotent calls', () => {
  it('runs the effect once, replays the stored answer and refuses the key with other parameters', async () => {
    const user = nextUser++
    let runs = 0
    const run = (params: unknown) =>
      ledger().idempotent({ userId: user, key: 'key-0001', scope: '/x/', params }, async () => {
        runs++
        return { n: runs }
      })
    const answers = await Promise.all(Array.from({ length: 20 }, () => run({ a: 1, b: [2] })))
    expect(runs).toBe(1)
    expect(new Set(answers.map((a) => JSON.stringify(a)))).toEqual(new Set(['{"n":1}']))
    expect(await run({ b: [2], a: 1 })).toEqual({ n: 1 })
    await expect(run({ a: 2 })).rejects.toMatchObject({ code: ErrorCodes.IdempotencyKeyReused.code })
  })

  it('does not store a refusal, so the same key may succeed later', async () => {
    const user = nextUser++
    let fail = true
    const run = () =>
      ledger().idempotent({ userId: user, key: 'key-0002', scope: '/x/', params: {} }, async () => {
        if (fail) throw new AppError('InsufficientCoins')
        return { ok: true }
      })
    await expect(run()).rejects.toMatchObject({ code: ErrorCodes.InsufficientCoins.code })
    fail = false
    expect(await run()).toEqual({ ok: true })
  })
})
