/**
 * The wallet and its statement through HTTP: coins, spent levels over 30 days, a creator's balance, and
 * transactions with filters, keyset pages, counterparties and every fee line (sale split with a referral,
 * payout fee).
 */
import {
  coinsToCents,
  Gifts,
  Shares,
  sendGift,
  splitSale,
  TransactionTexts,
  transactionsList,
  unlockPost,
  Visibility,
  walletSummary,
} from '@velvet/contract'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { makeAccount } from '../../test/factories.ts'
import { startTestApp, type TestApp } from '../../test/harness.ts'
import { expectCleanLedger, mintCoins } from '../../test/money-factories.ts'
import { makePost, makeVerifiedCreator } from '../../test/post-factories.ts'
import type { Account } from '../../test/social-factories.ts'
import { AccountKind, TransferKind } from '../ledger/accounts.ts'
import { createSales } from '../ledger/sales.ts'

let t: TestApp
let creator: Account
let fan: Account
let referrer: Account
let postId: number
let keys = 0
const crown = Gifts[5]

const key = () => ({ 'idempotency-key': `wallet-key-${++keys}-${Date.now()}` })
const ledger = () => t.app.services.money.ledger

beforeAll(async () => {
  t = await startTestApp()
  creator = await makeVerifiedCreator(t)
  referrer = await makeAccount(t)
  fan = await makeAccount(t)
  await mintCoins(t, fan.userId, 2000)
  ;({ postId } = await makePost(t, creator, { visibility: Visibility.PPV, price: 120 }))
  const unlocked = await t.call(
    unlockPost,
    { post_id: postId, price: 120 },
    { token: fan.token, headers: key() },
  )
  expect(unlocked.status).toBe(200)
  const gifted = await t.call(
    sendGift,
    { gift_id: crown.id, creator_id: creator.userId, post_id: postId },
    { token: fan.token, headers: key() },
  )
  expect(gifted.status).toBe(200)
  // A referred sale: the referrer's 5% of the creator's net comes out of the platform's part.
  const referred = createSales({
    db: t.database.db,
    ledger: ledger(),
    referrerOf: async () => referrer.userId,
    now: () => t.clock.now(),
  })
  await t.database.db.transaction((tx) =>
    referred.sell(
      {
        key: `referred-gift-${fan.userId}`,
        kind: TransferKind.Gift,
        buyerId: fan.userId,
        creatorId: creator.userId,
        item: { type: 'gift', id: '1' },
        payment: { coins: 5 },
        description: 'Gift: Rose',
        meta: { gift_id: 1, post_id: null, message: null },
      },
      tx,
    ),
  )
  // A withdrawal as the payouts module writes it: amount out of the payout wallet, fee kept.
  await ledger().transfer({
    key: `payout-${creator.userId}`,
    kind: TransferKind.PayoutRequest,
    actorUserId: creator.userId,
    meta: { amount_cents: 2000, fee_cents: 25, net_cents: 1975 },
    postings: [
      { account: { kind: AccountKind.CreatorPayout, userId: creator.userId }, amount: -2000 },
      { account: { kind: AccountKind.PayoutClearing }, amount: 1975 },
      { account: { kind: AccountKind.PayoutFees }, amount: 25 },
    ],
  })
})
afterAll(() => t.close())
afterEach(() => expectCleanLedger(t))

const statement = (who: Account, input: Record<string, unknown> = {}) =>
  t.call(transactionsList, input, { token: who.token })

describe('wallet summary', () => {
  it("shows a fan's coins and spent level over the last 30 days", async () => {
    const res = await t.call(walletSummary, {}, { token: fan.token })
    expect(res.status).toBe(200)
    expect(res.headers['cache-control']).toBe('private, no-store')
    const spent = coinsToCents(120 + crown.coins + 5)
    expect(res.body.data).toEqual({
      coins: 2000 - 120 - crown.coins - 5,
      spent_cents_30d: spent,
      spent_level: 2,
      spent_label: 'Over $100',
      balance: null,
      earned_cents_30d: null,
    })
  })

  it("shows a creator's payout balance and earnings; a new fan has none", async () => {
    const net = (coins: number, referred = false) =>
      splitSale(coinsToCents(coins), Shares.creatorDefaultBps, referred).netCents
    const earned = net(120) + net(crown.coins) + net(5, true)
    const res = await t.call(walletSummary, {}, { token: creator.token })
    expect(res.body.data).toMatchObject({
      coins: 0,
      spent_level: 0,
      spent_label: 'None',
      balance: earned - 2000,
      earned_cents_30d: earned,
    })
    const newcomer = await makeAccount(t)
    const fresh = await t.call(walletSummary, {}, { token: newcomer.token })
    expect(fresh.body.data).toMatchObject({ coins: 0, spent_cents_30d: 0, spent_level: 0, balance: null })
  })
})

describe('transactions', () => {
  it("lists a fan's purchases and spending newest first with the creator and the post", async () => {
    const res = await statement(fan)
    expect(res.status).toBe(200)
    const list = res.body.data.list
    expect(list.map((item: { kind: string }) => item.kind)).toEqual([
      'gift',
      'gift',
      'unlock',
      'coin_purchase',
    ])
    expect(list[2]).toMatchObject({
      role: 'buyer',
      title: 'Unlocked a post',
      amount: -120,
      unit: 'coins',
      post_id: postId,
      sale: 'post_unlock',
      link: { kind: 'post', label: TransactionTexts.links.post, path: `/post?id=${postId}` },
      counterparty: { user_id: creator.userId, verified: true },
      lines: [],
    })
    expect(list[1]).toMatchObject({
      title: `Gift sent: ${crown.name}`,
      sale: 'gift',
      amount: -crown.coins,
      post_id: postId,
      link: { kind: 'post', path: `/post?id=${postId}` },
    })
    // A gift from a profile leads nowhere else: there is no post.
    expect(list[0]).toMatchObject({ title: 'Gift sent: Rose', post_id: null, link: null })
    expect(list[3]).toMatchObject({
      role: 'owner',
      title: 'Bought 2,000 coins',
      amount: 2000,
      unit: 'coins',
      counterparty: null,
      lines: [{ key: 'paid', amount: 20_000, unit: 'usd_cents' }],
    })
    const spending = await statement(fan, { filter: 'spending' })
    expect(spending.body.data.list.map((item: { kind: string }) => item.kind)).toEqual([
      'gift',
      'gift',
      'unlock',
    ])
    const purchases = await statement(fan, { filter: 'purchases' })
    expect(purchases.body.data.list).toHaveLength(1)
    expect((await statement(fan, { filter: 'earnings' })).body.data.list).toEqual([])
  })

  it("shows a creator's sales with gross, platform fee, referral share and net", async () => {
    const res = await statement(creator, { filter: 'earnings' })
    const list = res.body.data.list
    expect(list.map((item: { kind: string }) => item.kind)).toEqual(['gift', 'gift', 'unlock'])
    const unlock = splitSale(1200, Shares.creatorDefaultBps, false)
    expect(list[2]).toMatchObject({
      role: 'seller',
      title: 'Post unlocked',
      amount: unlock.netCents,
      unit: 'usd_cents',
      counterparty: { user_id: fan.userId },
      post_id: postId,
      lines: [
        { key: 'gross', label: 'Gross', amount: 1200 },
        { key: 'platform_fee', label: 'Platform fee', amount: -unlock.platformCents },
        { key: 'net', label: 'Net', amount: unlock.netCents },
      ],
    })
    const referred = splitSale(50, Shares.creatorDefaultBps, true)
    expect(list[0].lines).toEqual([
      { key: 'gross', label: 'Gross', amount: 50, unit: 'usd_cents' },
      { key: 'platform_fee', label: 'Platform fee', amount: -referred.platformCents, unit: 'usd_cents' },
      { key: 'referral', label: 'Referral share', amount: -referred.referralCents, unit: 'usd_cents' },
      { key: 'net', label: 'Net', amount: referred.netCents, unit: 'usd_cents' },
    ])
    expect(referred.platformCents + referred.referralCents + referred.netCents).toBe(50)
    // The referrer sees their share, naming the referred creator.
    const mine = (await statement(referrer)).body.data.list
    expect(mine).toHaveLength(1)
    expect(mine[0]).toMatchObject({
      role: 'referrer',
      amount: referred.referralCents,
      counterparty: { user_id: creator.userId },
      lines: [
        { key: 'gross', amount: 50 },
        { key: 'referral', amount: referred.referralCents },
      ],
    })
  })

  it('shows a withdrawal with its payout fee', async () => {
    const res = await statement(creator, { filter: 'payouts' })
    expect(res.body.data.list).toHaveLength(1)
    expect(res.body.data.list[0]).toMatchObject({
      title: TransactionTexts.payoutRequest,
      kind: 'payout_request',
      role: 'owner',
      amount: -2000,
      unit: 'usd_cents',
      lines: [
        { key: 'amount', amount: 2000 },
        { key: 'payout_fee', amount: -25 },
        { key: 'net', amount: 1975 },
      ],
    })
  })

  it('pages with a keyset cursor and has_next, the pages together being the whole list', async () => {
    const all = (await statement(creator)).body.data.list.map((item: { id: string }) => item.id)
    expect(all).toHaveLength(4)
    const seen: string[] = []
    let cursor: string | undefined
    for (let page = 0; page < 10; page++) {
      const res = await statement(creator, { limit: 1, ...(cursor ? { cursor } : {}) })
      seen.push(...res.body.data.list.map((item: { id: string }) => item.id))
      if (!res.body.data.has_next) {
        expect(res.body.data.cursor).toBeNull()
        break
      }
      cursor = res.body.data.cursor
    }
    expect(seen).toEqual(all)
    const bad = await statement(creator, { cursor: 'not-a-cursor' })
    expect(bad.status).toBe(400)
  })

  it('lets spending older than 30 days fall out of the spent level', async () => {
    t.clock.advance(31 * 86_400_000)
    const res = await t.call(walletSummary, {}, { token: fan.token })
    expect(res.body.data).toMatchObject({ spent_cents_30d: 0, spent_level: 0, spent_label: 'None' })
  })
})
