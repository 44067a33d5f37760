/**
 * The one purchase path on its own, on a real database: `buy` charges once per sale key and grants once,
 * an owned item or a changed price charges nothing; `checkout` replays an Idempotency-Key's answer, turns
 * a short wallet into 5004 with the shortfall, and tells the seller only after the commit (never on a
 * rollback, and a failing notice never fails the sale).
 */
import { coinsToCents, ErrorCodes } from '@velvet/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AppError } from '../../platform/errors.ts'
import { startTestApp, type TestApp } from '../../test/harness.ts'
import { expectCleanLedger, mintCoins } from '../../test/money-factories.ts'
import type { NotificationInput } from '../notifications/service.ts'
import { createPurchases, type Purchase, type Purchases } from './purchase.ts'

let t: TestApp
let purchases: Purchases
let nextUser = 910_000
const told: { userId: number; item: NotificationInput }[] = []
const warnings: unknown[] = []

beforeAll(async () => {
  t = await startTestApp()
  const { ledger, sales } = t.app.services.money
  purchases = createPurchases({
    db: t.database.db,
    ledger,
    sales,
    notifications: {
      publish: async (userId, item) => {
        told.push({ userId, item })
        return null as never
      },
    },
    log: { warn: (...args: unknown[]) => warnings.push(args) } as never,
  })
})
afterAll(() => t.close())

const coins = (userId: number) => t.app.services.money.ledger.coins(userId)

/** A fan with `balance` coins and a creator; the fan buys post 1 of the creator for `price` coins. */
async function sale(balance: number, price = 10, fields: Partial<Purchase> = {}) {
  const fan = nextUser++
  const creator = nextUser++
  if (balance > 0) await mintCoins(t, fan, balance)
  const grants: number[] = []
  const purchase: Purchase = {
    kind: 'postUnlock',
    buyerId: fan,
    sellerId: creator,
    price: { coins: price },
    key: `unlock-${fan}-1`,
    item: { type: 'post', id: `${creator}-1` },
    description: 'Unlocked a post',
    grant: async (sold) => grants.push(sold.transfer.id),
    notice: async () => ({ userId: creator, item: { type: 'test_sale' } as unknown as NotificationInput }),
    ...fields,
  }
  return { fan, creator, purchase, grants }
}

const checkout = (purchase: Purchase, key?: string) =>
  purchases.checkout(
    {
      buyerId: purchase.buyerId,
      coins: 'coins' in purchase.price ? purchase.price.coins : 0,
      ...(key ? { idempotency: { key, scope: 'test.buy', params: { item: purchase.item } } } : {}),
    },
    async (_tx, buy) => {
      const bought = await buy(purchase)
      return { status: bought.status, charged: bought.charged }
    },
  )

const noticesTo = (userId: number) => told.filter((notice) => notice.userId === userId).length

describe('buy', () => {
  it('charges once per sale key, grants once and tells the seller once, after the commit', async () => {
    const { fan, creator, purchase, grants } = await sale(50)
    expect(await checkout(purchase)).toEqual({ status: 'sold', charged: true })
    // The same sale again (another tap, another Idempotency-Key): the ledger key holds it.
    expect(await checkout(purchase)).toEqual({ status: 'replayed', charged: false })

    expect(await coins(fan)).toBe(40)
    expect(grants).toHaveLength(1)
    expect(noticesTo(creator)).toBe(1)
    const earned = await t.app.services.money.ledger.earningsCents(creator)
    expect(earned).toBeGreaterThan(0)
    expect(earned).toBeLessThan(coinsToCents(10))
    await expectCleanLedger(t)
  })

  it('charges nothing for what the buyer owns, whether it says so or the ledger knows it', async () => {
    const owned = await sale(50, 10, { owned: async () => true })
    expect(await checkout(owned.purchase)).toEqual({ status: 'owned', charged: false })
    expect(await coins(owned.fan)).toBe(50)
    expect(owned.grants).toEqual([])

    // Bought once under one key; the same item under another key is an unlock the fan already has.
    const { fan, creator, purchase, grants } = await sale(50)
    await checkout(purchase)
    expect(await checkout({ ...purchase, key: `${purchase.key}-again` })).toEqual({
      status: 'owned',
      charged: false,
    })
    expect(await coins(fan)).toBe(40)
    expect(grants).toHaveLength(1)
    expect(noticesTo(creator)).toBe(1)
  })

  it('refuses a price other than the one the buyer saw, and writes nothing', async () => {
    const changed = () => new AppError('PriceChanged')
    const { fan, creator, purchase, grants } = await sale(50, 12, { seen: { coins: 10, changed } })
    await expect(checkout(purchase)).rejects.toMatchObject({ code: ErrorCodes.PriceChanged.code })
    expect(await coins(fan)).toBe(50)
    expect(grants).toEqual([])
    expect(noticesTo(creator)).toBe(0)
  })
})

describe('checkout', () => {
  it('answers 5004 with the coins missing, and moves, grants and tells nothing', async () => {
    const { fan, creator, purchase, grants } = await sale(4, 10)
    const refusal = await checkout(purchase).catch((error: unknown) => error)
    expect(refusal).toBeInstanceOf(AppError)
    expect(refusal).toMatchObject({ code: ErrorCodes.InsufficientCoins.code })
    expect((refusal as AppError).fields?.[0]).toMatchObject({ field: 'coins', message: '6' })
    expect(await coins(fan)).toBe(4)
    expect(grants).toEqual([])
    expect(noticesTo(creator)).toBe(0)
  })

  it('stores the answer once per Idempotency-Key and replays it without running the purchase again', async () => {
    const { fan, creator, purchase, grants } = await sale(50)
    const first = await checkout(purchase, `idem-${fan}`)
    const again = await checkout(purchase, `idem-${fan}`)
    expect(first).toEqual({ status: 'sold', charged: true })
    expect(again).toEqual(first)
    expect(await coins(fan)).toBe(40)
    expect(grants).toHaveLength(1)
    expect(noticesTo(creator)).toBe(1)
    // The same key for another purchase is refused, not replayed as if it were this one.
    const other = { ...purchase, item: { type: 'post', id: `${creator}-2` }, key: `unlock-${fan}-2` }
    await expect(checkout(other, `idem-${fan}`)).rejects.toMatchObject({
      code: ErrorCodes.IdempotencyKeyReused.code,
    })
  })

  it('rolls the sale back with the effect that failed after it, and tells nobody', async () => {
    const { fan, creator, purchase } = await sale(50)
    const failing = purchases.checkout({ buyerId: fan, coins: 10 }, async (_tx, buy) => {
      await buy(purchase)
      throw new AppError('PriceChanged')
    })
    await expect(failing).rejects.toMatchObject({ code: ErrorCodes.PriceChanged.code })
    expect(await coins(fan)).toBe(50)
    expect(noticesTo(creator)).toBe(0)
  })

  it('keeps the sale when its notice fails, and logs the failure', async () => {
    const before = warnings.length
    const { fan, purchase } = await sale(50, 10, {
      notice: async () => {
        throw new Error('notice store down')
      },
    })
    expect(await checkout(purchase)).toEqual({ status: 'sold', charged: true })
    expect(await coins(fan)).toBe(40)
    expect(warnings.length).toBe(before + 1)
  })
})
