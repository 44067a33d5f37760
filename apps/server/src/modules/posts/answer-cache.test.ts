/**
 * Answers kept per viewer (answer-cache.ts): the first home feed page and the suggested creators. Every change
 * the app makes through its paths is seen on the next read, a page is never given to another viewer, its signed
 * media urls outlive it, and a membership's end ends the page. Each test first proves the answer is served from
 * the cache (a change the app was not told of is not seen), so that a missing invalidation would fail it.
 */
import {
  blockUser,
  Caching,
  deletePost,
  ErrorCodes,
  editPost,
  followUser,
  homeFeed,
  likePost,
  Media,
  type Post,
  PostState,
  postEvent,
  savePost,
  suggestedCreators,
  unlockPost,
  Visibility,
} from '@velvet/contract'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeAccount } from '../../test/factories.ts'
import { startTestApp, type TestApp } from '../../test/harness.ts'
import { mintCoins } from '../../test/money-factories.ts'
import { makeMember, makePost, makeVerifiedCreator } from '../../test/post-factories.ts'
import { type Account, block, follow } from '../../test/social-factories.ts'
import { users } from '../auth/schema.ts'
import { RENEWAL_WINDOW_MINUTES } from '../entitlements/policy.ts'
import { publishJob } from './jobs.ts'
import { posts } from './schema.ts'

let t: TestApp

beforeAll(async () => {
  t = await startTestApp()
})
afterAll(() => t.close())

// One address for every call: the cache is per viewer, page size and address.
const ADDRESS = '203.0.113.50'
const as = (account: Account) => ({ token: account.token, remoteAddress: ADDRESS })

async function feed(fan: Account, limit = 10, remoteAddress = ADDRESS): Promise<Post[]> {
  const res = await t.call(homeFeed, { limit }, { token: fan.token, remoteAddress })
  expect(res.status).toBe(200)
  return res.body.data.list
}
const ids = async (fan: Account) => (await feed(fan)).map((p) => p.post_id)

/** A change is not cached until its transaction surely committed (Caching.settleMs of real time). */
const settle = () => new Promise((resolve) => setTimeout(resolve, Caching.settleMs + 100))

/** Changes a caption behind the app's back: a read that still shows the old one came from the cache. */
async function captionBehindTheBack(postId: number, caption: string) {
  await t.database.db.update(posts).set({ caption }).where(eq(posts.id, postId))
}

/** Reads the feed twice with a change the app was not told of between: the second read is the cached page. */
async function expectCached(fan: Account, postId: number) {
  await settle()
  const before = (await feed(fan)).find((p) => p.post_id === postId)?.caption
  await captionBehindTheBack(postId, 'changed behind the back')
  expect((await feed(fan)).find((p) => p.post_id === postId)?.caption).toBe(before)
}

describe('first feed page cache', () => {
  it('shows a post of a followed creator on the next read after it is published, edited or deleted', async () => {
    const creator = await makeVerifiedCreator(t)
    const fan = await makeAccount(t)
    await follow(t, fan, creator)
    const first = await makePost(t, creator)
    await expectCached(fan, first.postId)

    const second = await makePost(t, creator)
    expect(await ids(fan)).toEqual([second.postId, first.postId])

    await settle()
    await feed(fan)
    const edited = await t.call(editPost, { post_id: second.postId }, as(creator))
    expect(edited.status).toBe(200)
    const saved = await t.call(
      savePost,
      {
        post_id: second.postId,
        action: 'publish',
        caption: 'edited caption',
        media: second.mediaIds.map((id) => ({ media_id: id, is_free_preview: false })),
        visibility: Visibility.Everyone,
        price: null,
      },
      as(creator),
    )
    expect(saved.status).toBe(200)
    expect((await feed(fan)).find((p) => p.post_id === second.postId)?.caption).toBe('edited caption')

    await settle()
    await feed(fan)
    expect((await t.call(deletePost, { post_id: second.postId }, as(creator))).status).toBe(200)
    expect(await ids(fan)).toEqual([first.postId])
  })

  it('shows a newly followed creator on the next read, and answers a like at once', async () => {
    const [followed, later] = [await makeVerifiedCreator(t), await makeVerifiedCreator(t)]
    const fan = await makeAccount(t)
    await follow(t, fan, followed)
    const old = await makePost(t, followed)
    t.clock.advance(1000)
    const fresh = await makePost(t, later)
    await expectCached(fan, old.postId)

    expect((await t.call(followUser, { user_id: later.userId }, as(fan))).status).toBe(200)
    expect(await ids(fan)).toEqual([fresh.postId, old.postId])

    await settle()
    expect((await feed(fan)).find((p) => p.post_id === old.postId)?.liked_by_me).toBe(false)
    expect((await t.call(likePost, { post_id: old.postId, liked: true }, as(fan))).status).toBe(200)
    expect((await feed(fan)).find((p) => p.post_id === old.postId)).toMatchObject({
      liked_by_me: true,
      likes: 1,
    })
  })

  it('keeps the page through calls that change nothing on it (read events)', async () => {
    const creator = await makeVerifiedCreator(t)
    const fan = await makeAccount(t)
    await follow(t, fan, creator)
    const post = await makePost(t, creator)
    await expectCached(fan, post.postId)
    expect((await t.call(postEvent, { post_id: post.postId, event: 'read' }, as(fan))).status).toBe(200)
    expect((await feed(fan))[0]?.caption).not.toBe('changed behind the back')
  })

  it('opens a PPV post on the next read after it is bought, for that fan only', async () => {
    const creator = await makeVerifiedCreator(t)
    const [buyer, other] = [await makeAccount(t), await makeAccount(t)]
    for (const fan of [buyer, other]) await follow(t, fan, creator)
    const ppv = await makePost(t, creator, { visibility: Visibility.PPV, price: 50 })
    await mintCoins(t, buyer.userId, 100)
    await expectCached(buyer, ppv.postId)
    await expectCached(other, ppv.postId)
    expect((await feed(buyer))[0]?.lock).not.toBeNull()

    const bought = await t.call(
      unlockPost,
      { post_id: ppv.postId, price: 50 },
      { ...as(buyer), headers: { 'idempotency-key': `feed-cache-${ppv.postId}` } },
    )
    expect(bought.status).toBe(200)
    const open = (await feed(buyer))[0]
    expect(open?.lock).toBeNull()
    expect(open?.media[0]?.urls?.images[0]?.jpeg).toContain(`v=${buyer.userId}&`)
    // The other fan's cached page stays theirs: locked, no urls.
    const locked = (await feed(other))[0]
    expect(locked?.lock).not.toBeNull()
    expect(locked?.media[0]?.urls).toBeNull()
  })

  it('opens members posts on the next read after the membership starts through the service', async () => {
    const creator = await makeVerifiedCreator(t)
    const fan = await makeAccount(t)
    await follow(t, fan, creator)
    const members = await makePost(t, creator, { visibility: Visibility.Members })
    await expectCached(fan, members.postId)
    expect((await feed(fan))[0]?.lock).not.toBeNull()

    // What a membership payment (a webhook: no request of the fan's) writes.
    const now = t.clock.now().getTime()
    await t.app.services.entitlements.writeMembership({
      fanId: fan.userId,
      creatorId: creator.userId,
      status: 1,
      currentPeriodEnd: new Date(now + 30 * 86_400_000),
      graceUntil: null,
    })
    expect((await feed(fan))[0]?.lock).toBeNull()
  })

  it('locks members posts again once the membership ends, before the cache lifetime is over', async () => {
    const creator = await makeVerifiedCreator(t)
    const fan = await makeAccount(t)
    const members = await makePost(t, creator, { visibility: Visibility.Members })
    // Live for 5 more seconds (the renewal window included).
    await makeMember(t, fan, creator, { periodEndMs: -RENEWAL_WINDOW_MINUTES * 60_000 + 5_000 })
    await expectCached(fan, members.postId)
    expect((await feed(fan))[0]?.lock).toBeNull()

    t.clock.advance(6_000)
    expect(6_000).toBeLessThan(Caching.feedPageSeconds * 1000)
    // The creator is not followed: once the membership ended, its posts leave the feed.
    expect(await ids(fan)).toEqual([])
  })

  it('drops a creator on the next read after either side blocks', async () => {
    const [a, b] = [await makeVerifiedCreator(t), await makeVerifiedCreator(t)]
    const fan = await makeAccount(t)
    await follow(t, fan, a)
    await follow(t, fan, b)
    const fromA = await makePost(t, a)
    const fromB = await makePost(t, b)
    await expectCached(fan, fromB.postId)

    expect((await t.call(blockUser, { user_id: fan.userId }, as(b))).status).toBe(200)
    expect(await ids(fan)).toEqual([fromA.postId])

    await expectCached(fan, fromA.postId)
    expect((await t.call(blockUser, { user_id: a.userId }, as(fan))).status).toBe(200)
    expect(await ids(fan)).toEqual([])
  })

  it('answers signed media urls that stay valid long after the page ends, and keeps pages apart per address', async () => {
    const creator = await makeVerifiedCreator(t)
    const fan = await makeAccount(t)
    await follow(t, fan, creator)
    const post = await makePost(t, creator)
    await expectCached(fan, post.postId)
    const urlOf = async (address = ADDRESS) =>
      (await feed(fan, 10, address))[0]?.media[0]?.urls?.images[0]?.jpeg ?? ''
    const expiryOf = (url: string) => Number(new URL(url, 'http://x').searchParams.get('e'))
    const first = await urlOf()
    // The answer is kept as it was, urls included, until its last moment: by then they have most of their life left.
    t.clock.advance(Caching.feedPageSeconds * 1000 - 1_000)
    const last = await urlOf()
    expect(last).toBe(first)
    const nowSeconds = t.clock.now().getTime() / 1000
    expect(expiryOf(last) - nowSeconds).toBeGreaterThanOrEqual(
      Media.signedUrlSeconds - Caching.feedPageSeconds,
    )
    // The media route takes the kept url (the factory's media have no files on disk: 404, not the 403 of a bad link).
    const served = await t.app.inject({ method: 'GET', url: last })
    expect(served.json().error.code).toBe(ErrorCodes.MediaNotFound.code)
    const tampered = await t.app.inject({
      method: 'GET',
      url: last.replace(/e=\d+/, `e=${expiryOf(last) + 1}`),
    })
    expect(tampered.json().error.code).toBe(ErrorCodes.MediaUrlInvalid.code)
    // Once the page ended, the next answer is read and signed again.
    t.clock.advance(2_000)
    const next = await urlOf()
    expect(expiryOf(next)).toBeGreaterThan(expiryOf(last))
    // Another address reads its own page (blocked locations depend on it): the caption from the database.
    expect((await feed(fan, 10, '203.0.113.51'))[0]?.caption).toBe('changed behind the back')
  })
})

describe('first feed page cache and the scheduled publisher', () => {
  it("shows a scheduled post on the followers' next read once the job published it", async () => {
    const withJobs = await startTestApp({}, { jobs: true })
    try {
      const creator = await makeVerifiedCreator(withJobs)
      const fan = await makeAccount(withJobs)
      await follow(withJobs, fan, creator)
      const old = await makePost(withJobs, creator)
      const start = Math.floor(withJobs.clock.now().getTime() / 1000)
      const scheduled = await makePost(withJobs, creator, { action: 'schedule', publishAt: start + 120 })
      const page = async () => {
        const res = await withJobs.call(homeFeed, { limit: 10 }, { token: fan.token, remoteAddress: ADDRESS })
        return res.body.data.list as Post[]
      }
      const read = async () => (await page()).map((p) => p.post_id)
      withJobs.clock.advance(115_000)
      await settle()
      expect(await read()).toEqual([old.postId])
      await withJobs.database.db
        .update(posts)
        .set({ caption: 'behind the back' })
        .where(eq(posts.id, old.postId))
      expect((await page())[0]?.caption).not.toBe('behind the back')
      // Due now, while the page read 6 s ago is still within its lifetime.
      withJobs.clock.advance(6_000)
      await withJobs.jobs?.send(publishJob.name, {})
      for (let i = 0; i < 100; i++) {
        const [row] = await withJobs.database.db
          .select({ state: posts.state })
          .from(posts)
          .where(eq(posts.id, scheduled.postId))
        if (row?.state === PostState.Published) break
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
      expect(await read()).toEqual([scheduled.postId, old.postId])
    } finally {
      await withJobs.close()
    }
  })
})

describe('suggested creators kept per viewer', () => {
  let s: TestApp
  beforeAll(async () => {
    s = await startTestApp()
  })
  afterAll(() => s.close())

  const nicknames = async (fan: Account) => {
    const res = await s.call(suggestedCreators, {}, { token: fan.token, remoteAddress: ADDRESS })
    expect(res.status).toBe(200)
    return (res.body.data.list as { user_id: number; nickname: string }[]).map((c) => c.nickname)
  }
  const renameBehindTheBack = (creator: Account, nickname: string) =>
    s.database.db.update(users).set({ nickname }).where(eq(users.id, creator.userId))

  it('keeps the list until the viewer follows or blocks one of them, or one of them changes', async () => {
    const [a, b, c] = [
      await makeVerifiedCreator(s),
      await makeVerifiedCreator(s),
      await makeVerifiedCreator(s),
    ]
    for (const creator of [a, b, c]) await makePost(s, creator)
    await renameBehindTheBack(b, 'Bea')
    await renameBehindTheBack(c, 'Cleo')
    const fan = await makeAccount(s)
    await settle()
    await renameBehindTheBack(a, 'Ada')
    expect(await nicknames(fan)).toContain('Ada')
    await renameBehindTheBack(a, 'Ada, renamed behind the back')
    expect(await nicknames(fan)).toContain('Ada')

    // The viewer follows one: it leaves the list, read afresh.
    expect((await s.call(followUser, { user_id: b.userId }, { token: fan.token })).status).toBe(200)
    const afterFollow = await nicknames(fan)
    expect(afterFollow).not.toContain('Bea')
    expect(afterFollow).toContain('Ada, renamed behind the back')

    // One of them changes through the app (a new post): the next read shows what the database says.
    await settle()
    await nicknames(fan)
    await renameBehindTheBack(a, 'Ada again')
    expect(await nicknames(fan)).toContain('Ada, renamed behind the back')
    await makePost(s, a)
    expect(await nicknames(fan)).toContain('Ada again')

    // One of them blocks the viewer: gone on the next read.
    await settle()
    expect(await nicknames(fan)).toContain('Cleo')
    await block(s, c, fan)
    expect(await nicknames(fan)).not.toContain('Cleo')
  })
})
