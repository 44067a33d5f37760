/**
 * Gifts through HTTP on a real database: the catalogue, sending from a profile and from a post, a short
 * wallet, recipients who cannot receive one, replays; the creator's notification carries meta.tokens.
 */
import {
  ErrorCodes,
  Gifts,
  giftCatalogue,
  Shares,
  sendGift,
  splitSale,
  transactionsList,
  Visibility,
  WalletNotifyType,
} from '@velvet/contract'
import { sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { makeAccount } from '../../test/factories.ts'
import { startTestApp, type TestApp } from '../../test/harness.ts'
import { expectCleanLedger, mintCoins } from '../../test/money-factories.ts'
import { makePost, makeVerifiedCreator } from '../../test/post-factories.ts'
import { type Account, block, makeCreator } from '../../test/social-factories.ts'

let t: TestApp
let creator: Account
let keys = 0

beforeAll(async () => {
  t = await startTestApp()
  creator = await makeVerifiedCreator(t)
})
afterAll(() => t.close())
afterEach(() => expectCleanLedger(t))

const ledger = () => t.app.services.money.ledger
const newKey = () => `gift-key-${++keys}-${Date.now()}`

function gift(
  fan: Account,
  input: { gift_id: number; creator_id: number; post_id?: number | null; message?: string | null },
  key = newKey(),
) {
  return t.call(sendGift, input, { token: fan.token, headers: { 'idempotency-key': key } })
}

async function fanWith(coins: number) {
  const fan = await makeAccount(t)
  if (coins > 0) await mintCoins(t, fan.userId, coins)
  return fan
}

async function lastNotification(userId: number) {
  const rows = await t.database.db.execute(
    sql`SELECT notify_type, link, content, parts FROM notifications WHERE user_id = ${userId} ORDER BY id DESC LIMIT 1`,
  )
  return (
    rows as unknown as {
      rows: { notify_type: number; link: string; content: string; parts: { meta: { tokens: number } } }[]
    }
  ).rows[0]
}

describe('gifts', () => {
  it('lists at least six gifts priced 5-1000 coins with one of the two animations', async () => {
    const guest = await makeAccount(t)
    const res = await t.call(giftCatalogue, {}, { token: guest.token })
    expect(res.status).toBe(200)
    const list = res.body.data.list
    expect(list.length).toBeGreaterThanOrEqual(6)
    for (const item of list) {
      expect(item.coins).toBeGreaterThanOrEqual(5)
      expect(item.coins).toBeLessThanOrEqual(1000)
      expect(['hearts', 'sparkle']).toContain(item.animation)
    }
    expect(new Set(list.map((item: { animation: string }) => item.animation)).size).toBe(2)
  })

  it('sends a gift from a profile: coins move, the creator earns and is notified with meta.tokens', async () => {
    const fan = await fanWith(200)
    const rose = Gifts[3]
    const before = await ledger().earningsCents(creator.userId)
    const res = await gift(fan, { gift_id: rose.id, creator_id: creator.userId, message: 'Loved it!' })
    expect(res.status).toBe(200)
    expect(res.body.data).toEqual({
      gift_id: rose.id,
      animation: rose.animation,
      coins_spent: rose.coins,
      coins: 200 - rose.coins,
    })
    const net = splitSale(rose.coins * 10, Shares.creatorDefaultBps, false).netCents
    expect((await ledger().earningsCents(creator.userId)) - before).toBe(net)
    const note = await lastNotification(creator.userId)
    expect(note?.notify_type).toBe(WalletNotifyType.GiftReceived)
    expect(note?.parts.meta.tokens).toBe(rose.coins)
    expect(note?.content).toBe('Loved it!')
    const statement = await t.call(transactionsList, { filter: 'earnings' }, { token: creator.token })
    expect(statement.body.data.list[0]).toMatchObject({
      kind: 'gift',
      role: 'seller',
      title: `Gift received: ${rose.name}`,
      message: 'Loved it!',
      counterparty: { user_id: fan.userId },
    })
  })

  it('sends a gift on a post, once per key', async () => {
    const fan = await fanWith(100)
    const { postId } = await makePost(t, creator, { visibility: Visibility.PPV, price: 50 })
    const key = newKey()
    const input = { gift_id: Gifts[0].id, creator_id: creator.userId, post_id: postId }
    const first = await gift(fan, input, key)
    const replay = await gift(fan, input, key)
    expect(first.status).toBe(200)
    expect(replay.body.data).toEqual(first.body.data)
    expect(await ledger().coins(fan.userId)).toBe(100 - Gifts[0].coins)
    expect((await lastNotification(creator.userId))?.link).toBe(`/post?id=${postId}`)
    // Two gifts are two actions (two keys): both are charged.
    expect((await gift(fan, input)).status).toBe(200)
    expect(await ledger().coins(fan.userId)).toBe(100 - 2 * Gifts[0].coins)
  })

  it('refuses a short wallet with the coins missing and writes nothing', async () => {
    const fan = await fanWith(10)
    const crown = Gifts[5]
    const res = await gift(fan, { gift_id: crown.id, creator_id: creator.userId })
    expect(res.status).toBe(402)
    expect(res.body.error.code).toBe(ErrorCodes.InsufficientCoins.code)
    expect(res.body.error.fields[0]).toMatchObject({
      rule: 'wallet.coins_needed',
      message: String(crown.coins - 10),
    })
    expect(await ledger().coins(fan.userId)).toBe(10)
  })

  it('refuses unknown gifts, oneself, fans and unverified creators, blocked creators, foreign posts', async () => {
    const fan = await fanWith(500)
    const other = await fanWith(0)
    const unverified = await makeCreator(t)
    const blocker = await makeVerifiedCreator(t)
    await block(t, blocker, fan)
    const someone = await makeVerifiedCreator(t)
    const { postId } = await makePost(t, someone)
    const code = async (input: Parameters<typeof gift>[1], by = fan) =>
      (await gift(by, input)).body.error?.code
    expect(await code({ gift_id: 999, creator_id: creator.userId })).toBe(ErrorCodes.GiftNotFound.code)
    expect(await code({ gift_id: 1, creator_id: creator.userId }, creator)).toBe(
      ErrorCodes.CannotGiftSelf.code,
    )
    expect(await code({ gift_id: 1, creator_id: other.userId })).toBe(ErrorCodes.GiftRecipientInvalid.code)
    expect(await code({ gift_id: 1, creator_id: unverified.userId })).toBe(
      ErrorCodes.GiftRecipientInvalid.code,
    )
    expect(await code({ gift_id: 1, creator_id: blocker.userId })).toBe(ErrorCodes.BlockedLocation.code)
    expect(await code({ gift_id: 1, creator_id: creator.userId, post_id: postId })).toBe(
      ErrorCodes.PostNotFound.code,
    )
    expect(await ledger().coins(fan.userId)).toBe(500)
  })
})
