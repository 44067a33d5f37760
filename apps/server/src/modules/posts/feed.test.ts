/**
 * The home feed (keyset pages without duplicates or gaps while posts arrive, followed and subscribed
 * creators only, blocks), suggested creators, and a creator's grid (pinned first, filters).
 */
import {
  deletePost,
  homeFeed,
  pinPost,
  suggestedCreators,
  unfollowUser,
  userPosts,
  Visibility,
} from '@velvet/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeAccount } from '../../test/factories.ts'
import { startTestApp, type TestApp } from '../../test/harness.ts'
import { makeMember, makePost, makeVerifiedCreator } from '../../test/post-factories.ts'
import { type Account, block, follow, makeCreator } from '../../test/social-factories.ts'

let t: TestApp

beforeAll(async () => {
  t = await startTestApp()
})
afterAll(() => t.close())

const as = (account: Account) => ({ token: account.token })
type Page = { list: { post_id: number }[]; cursor: string | null; has_next: boolean }

async function feedPage(fan: Account, cursor: string | null, limit: number): Promise<Page> {
  const res = await t.call(homeFeed, { limit, ...(cursor ? { cursor } : {}) }, as(fan))
  expect(res.status).toBe(200)
  return res.body.data
}

describe('home feed', () => {
  it('pages newest first without duplicates or gaps while new posts arrive', async () => {
    const [a, b, stranger] = [
      await makeVerifiedCreator(t),
      await makeVerifiedCreator(t),
      await makeVerifiedCreator(t),
    ]
    const fan = await makeAccount(t)
    await follow(t, fan, a)
    await makeMember(t, fan, b)
    const expected: number[] = []
    for (let i = 0; i < 13; i++) {
      // Some posts share a second (ties are ordered by id).
      if (i % 3 !== 0) t.clock.advance(1000)
      const author = i % 2 ? a : b
      expected.unshift(
        (await makePost(t, author, { visibility: i % 4 === 0 ? Visibility.Members : Visibility.Everyone }))
          .postId,
      )
      await makePost(t, stranger)
    }
    // Drafts and scheduled posts never show.
    await makePost(t, a, { action: 'draft' })

    const seen: number[] = []
    let cursor: string | null = null
    for (let page = 0; page < 10; page++) {
      const data: Page = await feedPage(fan, cursor, 4)
      seen.push(...data.list.map((p) => p.post_id))
      t.clock.advance(1000)
      await makePost(t, a) // arrives between pages: newer than the cursor, so not in later pages
      if (!data.has_next) break
      cursor = data.cursor
    }
    expect(seen).toEqual(expected)
    const fresh = await feedPage(fan, null, 3)
    expect(fresh.list.map((p) => p.post_id)).not.toContain(expected[0])
  })

  it('leaves out creators the viewer unfollowed or blocked either way, and deleted posts', async () => {
    const [a, b] = [await makeVerifiedCreator(t), await makeVerifiedCreator(t)]
    const fan = await makeAccount(t)
    await follow(t, fan, a)
    await follow(t, fan, b)
    const fromA = await makePost(t, a)
    const fromB = await makePost(t, b)
    const gone = await makePost(t, b)
    await t.call(deletePost, { post_id: gone.postId }, as(b))
    const ids = async () => (await feedPage(fan, null, 10)).list.map((p) => p.post_id)
    expect(await ids()).toEqual([fromB.postId, fromA.postId])
    await block(t, fan, b)
    expect(await ids()).toEqual([fromA.postId])
    await t.call(unfollowUser, { user_id: a.userId }, as(fan))
    expect(await ids()).toEqual([])
    const unfollowed = await makePost(t, await makeVerifiedCreator(t))
    expect(await ids()).not.toContain(unfollowed.postId)
  })

  it("includes the viewer's own posts", async () => {
    const me = await makeVerifiedCreator(t)
    const mine = await makePost(t, me)
    expect((await feedPage(me, null, 5)).list.map((p) => p.post_id)).toEqual([mine.postId])
  })
})

describe('suggested creators', () => {
  it('lists creators with posts the viewer does not follow nor block, most followed first', async () => {
    const fan = await makeAccount(t)
    const popular = await makeVerifiedCreator(t)
    const quiet = await makeVerifiedCreator(t)
    const followed = await makeVerifiedCreator(t)
    const blocked = await makeVerifiedCreator(t)
    const noPosts = await makeCreator(t)
    for (const creator of [popular, quiet, followed, blocked]) await makePost(t, creator)
    for (const other of [await makeAccount(t), await makeAccount(t)]) await follow(t, other, popular)
    await follow(t, fan, followed)
    await block(t, blocked, fan)
    const res = await t.call(suggestedCreators, {}, as(fan))
    const list: { user_id: number; posts: number; followers: number; is_following: boolean }[] =
      res.body.data.list
    const ids = list.map((c) => c.user_id)
    expect(ids).toContain(popular.userId)
    expect(ids).toContain(quiet.userId)
    for (const absent of [followed, blocked, noPosts, fan]) expect(ids).not.toContain(absent.userId)
    expect(ids.indexOf(popular.userId)).toBeLessThan(ids.indexOf(quiet.userId))
    expect(list.find((c) => c.user_id === popular.userId)).toMatchObject({
      posts: 1,
      followers: 2,
      is_following: false,
    })
  })
})

describe('creator grid', () => {
  it('lists pinned posts first, then newest, with photo and video filters', async () => {
    const creator = await makeVerifiedCreator(t)
    const fan = await makeAccount(t)
    const photo = await makePost(t, creator)
    t.clock.advance(1000)
    const video = await makePost(t, creator, { media: [{ kind: 'video' }] })
    t.clock.advance(1000)
    const both = await makePost(t, creator, { media: [{}, { kind: 'video' }] })
    t.clock.advance(1000)
    const latest = await makePost(t, creator)
    await t.call(pinPost, { post_id: photo.postId, pinned: true }, as(creator))
    const grid = async (filter: string, limit = 10, cursor?: string) => {
      const res = await t.call(
        userPosts,
        { user_id: creator.userId, filter, limit, ...(cursor ? { cursor } : {}) },
        as(fan),
      )
      return res.body.data as {
        list: { post_id: number; pinned: boolean }[]
        cursor: string | null
        has_next: boolean
      }
    }
    const all = await grid('all')
    expect(all.list.map((p) => p.post_id)).toEqual([photo.postId, latest.postId, both.postId, video.postId])
    expect(all.list.map((p) => p.pinned)).toEqual([true, false, false, false])
    expect((await grid('photos')).list.map((p) => p.post_id)).toEqual([
      photo.postId,
      latest.postId,
      both.postId,
    ])
    expect((await grid('videos')).list.map((p) => p.post_id)).toEqual([both.postId, video.postId])

    const first = await grid('all', 2)
    expect(first.list.map((p) => p.post_id)).toEqual([photo.postId, latest.postId, both.postId])
    const rest = await grid('all', 2, first.cursor ?? undefined)
    expect(rest).toMatchObject({ list: [{ post_id: video.postId }], has_next: false })
  })
})
