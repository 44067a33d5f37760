/**
 * PPV unlocks through HTTP on a real database: every visibility, twice → one charge, a changed price, a short
 * wallet (nothing written), a blocked viewer, the creator's own post, replays of one Idempotency-Key; after
 * each, post detail shows the post unlocked with media urls and the ledger audit is clean.
 */
import {
  coinsToCents,
  ErrorCodes,
  postDetail,
  Shares,
  savePost,
  splitSale,
  unlockPost,
  Visibility,
  WalletNotifyType,
} from '@velvet/contract'
import { sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { makeAccount } from '../../test/factories.ts'
import { startTestApp, type TestApp } from '../../test/harness.ts'
import { expectCleanLedger, mintCoins } from '../../test/money-factories.ts'
import { grantUnlock, makeMember, makePost, makeVerifiedCreator } from '../../test/post-factories.ts'
import { type Account, block } from '../../test/social-factories.ts'

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
const newKey = () => `unlock-key-${++keys}-${Date.now()}`

function unlock(fan: Account, postId: number, price: number, key = newKey()) {
  return t.call(
    unlockPost,
    { post_id: postId, price },
    { token: fan.token, headers: { 'idempotency-key': key } },
  )
}

async function fanWith(coins: number) {
  const fan = await makeAccount(t)
  if (coins > 0) await mintCoins(t, fan.userId, coins)
  return fan
}

async function transfersOf(userId: number, kind: number): Promise<number> {
  const rows = await t.database.db.execute(
    sql`SELECT count(*)::int AS n FROM ledger_transfers WHERE actor_user_id = ${userId} AND kind = ${kind}`,
  )
  return Number((rows as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0)
}

describe('unlocking a post', () => {
  it('unlocks a PPV post: coins move, the creator earns the net, detail shows it open with urls', async () => {
    const fan = await fanWith(500)
    const { postId } = await makePost(t, creator, { visibility: Visibility.PPV, price: 120, media: [{}, {}] })
    const before = await ledger().earningsCents(creator.userId)
    const res = await unlock(fan, postId, 120)
    expect(res.status).toBe(200)
    expect(res.headers['cache-control']).toBe('private, no-store')
    const data = res.body.data
    expect(data).toMatchObject({ charged: true, coins_spent: 120, coins: 380 })
    expect(data.post.post_id).toBe(postId)
    expect(data.post.lock).toBeNull()
    for (const media of data.post.media) expect(media.urls).not.toBeNull()
    expect(await ledger().coins(fan.userId)).toBe(380)
    const net = splitSale(coinsToCents(120), Shares.creatorDefaultBps, false).netCents
    expect((await ledger().earningsCents(creator.userId)) - before).toBe(net)

    const detail = await t.call(postDetail, { id: postId }, { token: fan.token })
    expect(detail.body.data.post.lock).toBeNull()
    for (const media of detail.body.data.post.media) expect(media.urls).not.toBeNull()
  })

  it('unlocks a Members+PPV post for a fan who is not a member', async () => {
    const fan = await fanWith(100)
    const { postId } = await makePost(t, creator, { visibility: Visibility.MembersAndPPV, price: 40 })
    const res = await unlock(fan, postId, 40)
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ charged: true, coins: 60 })
    expect(res.body.data.post.lock).toBeNull()
  })

  it('refuses members-only and free posts (not sold with coins), charging nothing', async () => {
    const fan = await fanWith(100)
    for (const visibility of [Visibility.Members, Visibility.Everyone]) {
      const { postId } = await makePost(t, creator, { visibility })
      const res = await unlock(fan, postId, 120)
      expect(res.status).toBe(409)
      expect(res.body.error.code).toBe(ErrorCodes.NotForSale.code)
    }
    expect(await ledger().coins(fan.userId)).toBe(100)
  })

  it('charges once when the fan unlocks twice, with the same key or another one', async () => {
    const fan = await fanWith(300)
    const { postId } = await makePost(t, creator, { visibility: Visibility.PPV, price: 100 })
    const key = newKey()
    const first = await unlock(fan, postId, 100, key)
    const replay = await unlock(fan, postId, 100, key)
    const again = await unlock(fan, postId, 100)
    expect(first.body.data).toMatchObject({ charged: true, coins_spent: 100, coins: 200 })
    expect(replay.body.data).toMatchObject({ charged: true, coins_spent: 100, coins: 200 })
    expect(again.status).toBe(200)
    expect(again.body.data).toMatchObject({ charged: false, coins_spent: 0, coins: 200 })
    expect(again.body.data.post.lock).toBeNull()
    expect(await ledger().coins(fan.userId)).toBe(200)
    expect(await transfersOf(fan.userId, 3)).toBe(1)
  })

  it('charges once under concurrent unlocks of one post with different keys', async () => {
    const fan = await fanWith(1000)
    const { postId } = await makePost(t, creator, { visibility: Visibility.PPV, price: 50 })
    const answers = await Promise.all(Array.from({ length: 8 }, () => unlock(fan, postId, 50)))
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200))
    expect(answers.filter((a) => a.body.data.charged)).toHaveLength(1)
    expect(await ledger().coins(fan.userId)).toBe(950)
    expect(await transfersOf(fan.userId, 3)).toBe(1)
  })

  it('refuses a price the fan did not see (the creator changed it), charging nothing', async () => {
    const fan = await fanWith(500)
    const { postId, mediaIds } = await makePost(t, creator, { visibility: Visibility.PPV, price: 120 })
    const changed = await t.call(
      savePost,
      {
        post_id: postId,
        action: 'publish',
        caption: 'new price',
        media: mediaIds.map((id) => ({ media_id: id, is_free_preview: false })),
        visibility: Visibility.PPV,
        price: 150,
      },
      { token: creator.token },
    )
    expect(changed.status).toBe(200)
    const key = newKey()
    const res = await unlock(fan, postId, 120, key)
    expect(res.status).toBe(409)
    expect(res.body.error.code).toBe(ErrorCodes.PriceChanged.code)
    expect(await ledger().coins(fan.userId)).toBe(500)
    // The refusal is not stored: the same key with the new price goes through.
    const retried = await unlock(fan, postId, 150)
    expect(retried.body.data).toMatchObject({ charged: true, coins: 350 })
  })

  it('refuses a short wallet with the coins missing, writing nothing; buying coins then unlocks', async () => {
    const fan = await fanWith(30)
    const { postId } = await makePost(t, creator, { visibility: Visibility.PPV, price: 120 })
    const key = newKey()
    const res = await unlock(fan, postId, 120, key)
    expect(res.status).toBe(402)
    expect(res.body.error.code).toBe(ErrorCodes.InsufficientCoins.code)
    expect(res.body.error.fields).toEqual([{ field: 'coins', rule: 'wallet.coins_needed', message: '90' }])
    expect(await ledger().coins(fan.userId)).toBe(30)
    expect(await transfersOf(fan.userId, 3)).toBe(0)
    const records = await t.database.db.execute(
      sql`SELECT count(*)::int AS n FROM idempotency_records WHERE user_id = ${fan.userId}`,
    )
    expect((records as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0)
    const detail = await t.call(postDetail, { id: postId }, { token: fan.token })
    expect(detail.body.data.post.lock).not.toBeNull()

    await mintCoins(t, fan.userId, 90)
    const retried = await unlock(fan, postId, 120, key)
    expect(retried.body.data).toMatchObject({ charged: true, coins: 0 })
  })

  it('answers 404 to a blocked viewer and refuses the own post', async () => {
    const fan = await fanWith(500)
    const other = await makeVerifiedCreator(t)
    const { postId } = await makePost(t, other, { visibility: Visibility.PPV, price: 10 })
    await block(t, other, fan)
    const blocked = await unlock(fan, postId, 10)
    expect(blocked.status).toBe(404)
    expect(blocked.body.error.code).toBe(ErrorCodes.PostNotFound.code)
    const own = await t.call(
      unlockPost,
      { post_id: postId, price: 10 },
      { token: other.token, headers: { 'idempotency-key': newKey() } },
    )
    expect(own.body.error.code).toBe(ErrorCodes.CannotBuyOwn.code)
    const missing = await unlock(fan, 987_654_321, 10)
    expect(missing.status).toBe(404)
    expect(await ledger().coins(fan.userId)).toBe(500)
  })

  it('never charges for a PPV post the fan already holds without a sale (an unlock granted by hand)', async () => {
    const fan = await fanWith(100)
    const { postId } = await makePost(t, creator, { visibility: Visibility.PPV, price: 10 })
    await grantUnlock(t, fan, postId)
    const res = await unlock(fan, postId, 10)
    expect(res.body.data).toMatchObject({ charged: false, coins_spent: 0, coins: 100 })
    expect(await transfersOf(fan.userId, 3)).toBe(0)
  })

  it('needs an Idempotency-Key and refuses a reused key with another post', async () => {
    const fan = await fanWith(500)
    const { postId } = await makePost(t, creator, { visibility: Visibility.PPV, price: 10 })
    const { postId: other } = await makePost(t, creator, { visibility: Visibility.PPV, price: 10 })
    const noKey = await t.call(unlockPost, { post_id: postId, price: 10 }, { token: fan.token })
    expect(noKey.body.error.code).toBe(ErrorCodes.IdempotencyKeyMissing.code)
    const key = newKey()
    expect((await unlock(fan, postId, 10, key)).status).toBe(200)
    const reused = await unlock(fan, other, 10, key)
    expect(reused.body.error.code).toBe(ErrorCodes.IdempotencyKeyReused.code)
    expect(await ledger().coins(fan.userId)).toBe(490)
  })

  it('lets a member buy a Members+PPV post only by choice, and notifies the creator of each sale', async () => {
    const fan = await fanWith(100)
    await makeMember(t, fan, creator)
    const { postId } = await makePost(t, creator, { visibility: Visibility.MembersAndPPV, price: 20 })
    const detail = await t.call(postDetail, { id: postId }, { token: fan.token })
    expect(detail.body.data.post.lock).toBeNull()
    const res = await unlock(fan, postId, 20)
    expect(res.body.data.charged).toBe(true)
    const rows = await t.database.db.execute(
      sql`SELECT notify_type, parts FROM notifications WHERE user_id = ${creator.userId} ORDER BY id DESC LIMIT 1`,
    )
    const last = (rows as unknown as { rows: { notify_type: number; parts: { meta: { tokens: number } } }[] })
      .rows[0]
    expect(last?.notify_type).toBe(WalletNotifyType.ItemPurchased)
    expect(last?.parts.meta.tokens).toBe(20)
  })
})
