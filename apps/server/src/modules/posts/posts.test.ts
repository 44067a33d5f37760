/**
 * The composer's lifecycle through HTTP: init/create, save as draft, publish, schedule, edit (a scheduled
 * post becomes a draft again; a published one stays published and gets edited_at), delete, pin, and the
 * validation errors of a save.
 */
import {
  createPost,
  deletePost,
  draftPosts,
  ErrorCodes,
  editPost,
  initPost,
  MediaState,
  PostState,
  Posts,
  pinPost,
  postDetail,
  profileView,
  savePost,
  scheduledPosts,
  Visibility,
} from '@velvet/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeAccount } from '../../test/factories.ts'
import { startTestApp, type TestApp } from '../../test/harness.ts'
import { makeMedia } from '../../test/media-factories.ts'
import { makePost, makeVerifiedCreator } from '../../test/post-factories.ts'
import { type Account, makeCreator } from '../../test/social-factories.ts'
import { publishJob } from './jobs.ts'

let t: TestApp
let creator: Account

beforeAll(async () => {
  t = await startTestApp()
  creator = await makeVerifiedCreator(t)
})
afterAll(() => t.close())

const nowSeconds = () => Math.floor(t.clock.now().getTime() / 1000)
const as = (account: Account) => ({ token: account.token })

async function newDraft(owner: Account = creator): Promise<number> {
  const res = await t.call(createPost, { from: 1 }, as(owner))
  expect(res.status).toBe(200)
  return res.body.data.post_id
}

async function postsCount(account: Account): Promise<number> {
  const res = await t.call(profileView, { user_id: account.userId }, as(account))
  return res.body.data.profile.counts.posts
}

describe('init and create', () => {
  it('counts drafts and creates one per call (creators only)', async () => {
    const owner = await makeCreator(t)
    expect((await t.call(initPost, {}, as(owner))).body.data).toEqual({ draft_num: 0 })
    const first = await t.call(createPost, { from: 1 }, as(owner))
    expect(first.body.data).toEqual({ post_id: expect.any(Number), draft_num: 1 })
    const second = await t.call(createPost, { from: 1 }, as(owner))
    expect(second.body.data.draft_num).toBe(2)
    expect(second.body.data.post_id).not.toBe(first.body.data.post_id)
    expect((await t.call(initPost, {}, as(owner))).body.data).toEqual({ draft_num: 2 })

    const fan = await makeAccount(t)
    const refused = await t.call(createPost, { from: 1 }, as(fan))
    expect(refused.status).toBe(403)
    expect(refused.body.error.code).toBe(ErrorCodes.Forbidden.code)
  })
})

describe('save', () => {
  it('keeps a draft (media may still be processing), then publishes it with counts and published_at', async () => {
    const postId = await newDraft()
    const image = await makeMedia(t, creator.userId)
    const video = await makeMedia(t, creator.userId, {
      kind: 'video',
      seconds: 75.4,
      state: MediaState.Processing,
    })
    const draft = await t.call(
      savePost,
      {
        post_id: postId,
        action: 'draft',
        caption: 'Beach day #summer with @friend',
        media: [{ media_id: video }, { media_id: image, is_free_preview: true }],
        cover_media_id: image,
      },
      as(creator),
    )
    expect(draft.status).toBe(200)
    expect(draft.body.data.post).toMatchObject({
      post_id: postId,
      state: PostState.Draft,
      caption: 'Beach day #summer with @friend',
      published_at: null,
      cover_media_id: image,
      is_mine: true,
      lock: null,
    })
    expect(draft.body.data.post.media.map((m: { media_id: number }) => m.media_id)).toEqual([video, image])
    expect(draft.body.data.post.media[0].urls).toBeNull()
    expect(draft.body.data.post.media[1]).toMatchObject({
      is_free_preview: true,
      urls: { images: expect.any(Array) },
    })

    const notReady = await t.call(
      savePost,
      { post_id: postId, action: 'publish', media: [{ media_id: video }, { media_id: image }] },
      as(creator),
    )
    expect(notReady.status).toBe(409)
    expect(notReady.body.error.code).toBe(ErrorCodes.MediaNotReady.code)

    const before = await postsCount(creator)
    const video2 = await makeMedia(t, creator.userId, { kind: 'video', seconds: 75.4 })
    const published = await t.call(
      savePost,
      {
        post_id: postId,
        action: 'publish',
        media: [{ media_id: video2 }, { media_id: image }],
        caption: 'Live',
      },
      as(creator),
    )
    expect(published.status).toBe(200)
    expect(published.headers['cache-control']).toBe('private, no-store')
    expect(published.body.data.post).toMatchObject({
      state: PostState.Published,
      published_at: nowSeconds(),
      edited_at: null,
      cover_media_id: null,
    })
    expect(await postsCount(creator)).toBe(before + 1)

    t.clock.advance(5_000)
    const edited = await t.call(
      savePost,
      { post_id: postId, action: 'publish', media: [{ media_id: image }], caption: 'Edited' },
      as(creator),
    )
    expect(edited.body.data.post).toMatchObject({
      state: PostState.Published,
      caption: 'Edited',
      published_at: nowSeconds() - 5,
      edited_at: nowSeconds(),
    })
    expect(await postsCount(creator)).toBe(before + 1)

    for (const action of ['draft', 'schedule'] as const) {
      const res = await t.call(
        savePost,
        { post_id: postId, action, media: [{ media_id: image }], publish_at: nowSeconds() + 3600 },
        as(creator),
      )
      expect(res.status).toBe(409)
      expect(res.body.error.code).toBe(ErrorCodes.PostNotEditable.code)
    }
  })

  it('refuses a publish without media, media of someone else, and paid posts without a price', async () => {
    const postId = await newDraft()
    const noMedia = await t.call(savePost, { post_id: postId, action: 'publish' }, as(creator))
    expect(noMedia.status).toBe(400)
    expect(noMedia.body.error.fields[0]).toMatchObject({
      field: 'media',
      message: 'Add at least one photo or video.',
    })

    const other = await makeCreator(t)
    const theirs = await makeMedia(t, other.userId)
    const foreign = await t.call(
      savePost,
      { post_id: postId, action: 'draft', media: [{ media_id: theirs }] },
      as(creator),
    )
    expect(foreign.status).toBe(404)
    expect(foreign.body.error.code).toBe(ErrorCodes.MediaNotFound.code)

    const mine = await makeMedia(t, creator.userId)
    const noPrice = await t.call(
      savePost,
      { post_id: postId, action: 'publish', media: [{ media_id: mine }], visibility: Visibility.PPV },
      as(creator),
    )
    expect(noPrice.status).toBe(400)
    expect(noPrice.body.error.fields[0].field).toBe('price')
    for (const price of [0, Posts.priceMax + 1, 1.5]) {
      const res = await t.call(
        savePost,
        {
          post_id: postId,
          action: 'publish',
          media: [{ media_id: mine }],
          visibility: Visibility.PPV,
          price,
        },
        as(creator),
      )
      expect(res.status).toBe(400)
      expect(res.body.error.fields[0].field).toBe('price')
    }
  })

  it('sells paid posts only as a verified creator (3034), and only the author saves a post', async () => {
    const unverified = await makeCreator(t)
    const postId = await newDraft(unverified)
    const mine = await makeMedia(t, unverified.userId)
    const paid = await t.call(
      savePost,
      {
        post_id: postId,
        action: 'publish',
        media: [{ media_id: mine }],
        visibility: Visibility.PPV,
        price: 50,
      },
      as(unverified),
    )
    expect(paid.status).toBe(403)
    expect(paid.body.error.code).toBe(ErrorCodes.CreatorNotVerified.code)
    const free = await t.call(
      savePost,
      { post_id: postId, action: 'publish', media: [{ media_id: mine }], visibility: Visibility.Members },
      as(unverified),
    )
    expect(free.status).toBe(200)
    expect(free.body.data.post.price).toBeNull()

    const intruder = await makeCreator(t)
    const theirs = await makeMedia(t, intruder.userId)
    const res = await t.call(
      savePost,
      { post_id: postId, action: 'publish', media: [{ media_id: theirs }] },
      as(intruder),
    )
    expect(res.status).toBe(404)
    expect(res.body.error.code).toBe(ErrorCodes.PostNotFound.code)
  })

  it('schedules in the future only (same transaction job), and editing a scheduled post drafts it again', async () => {
    const postId = await newDraft()
    const mine = await makeMedia(t, creator.userId)
    const save = (publishAt: number) =>
      t.call(
        savePost,
        { post_id: postId, action: 'schedule', media: [{ media_id: mine }], publish_at: publishAt },
        as(creator),
      )
    for (const past of [nowSeconds() - 60, nowSeconds(), nowSeconds() + 10]) {
      const res = await save(past)
      expect(res.status).toBe(400)
      expect(res.body.error).toMatchObject({
        code: ErrorCodes.ScheduleInPast.code,
        fields: [{ field: 'publish_at' }],
      })
    }
    const tooFar = await save(nowSeconds() + (Posts.scheduleMaxDays + 1) * 86_400)
    expect(tooFar.status).toBe(400)
    expect(tooFar.body.error.fields[0].rule).toBe('post.schedule_max')

    const at = nowSeconds() + 3600
    const scheduled = await save(at)
    expect(scheduled.status).toBe(200)
    expect(scheduled.body.data.post).toMatchObject({ state: PostState.Scheduled, publish_at: at })
    const job = t.sentJobs.find((j) => j.queue === publishJob.name && j.data.post_id === postId)
    expect(job).toMatchObject({ inTransaction: true, startAfter: new Date(at * 1000) })

    const list = await t.call(scheduledPosts, {}, as(creator))
    expect(list.body.data.list.map((p: { post_id: number }) => p.post_id)).toContain(postId)

    const drafts = (await t.call(initPost, {}, as(creator))).body.data.draft_num
    const edit = await t.call(editPost, { post_id: postId }, as(creator))
    expect(edit.body.data.post).toMatchObject({ state: PostState.Draft, publish_at: at })
    expect((await t.call(initPost, {}, as(creator))).body.data.draft_num).toBe(drafts + 1)
    const after = await t.call(scheduledPosts, {}, as(creator))
    expect(after.body.data.list.map((p: { post_id: number }) => p.post_id)).not.toContain(postId)
    const draftList = await t.call(draftPosts, {}, as(creator))
    expect(draftList.body.data.list[0].post_id).toBe(postId)

    const other = await makeCreator(t)
    expect((await t.call(editPost, { post_id: postId }, as(other))).status).toBe(404)
  })
})

describe('delete and pin', () => {
  it('soft-deletes (404 afterwards) and lowers the post counter of a published post', async () => {
    const owner = await makeVerifiedCreator(t)
    const { postId } = await makePost(t, owner)
    expect(await postsCount(owner)).toBe(1)
    const fan = await makeAccount(t)
    expect((await t.call(deletePost, { post_id: postId }, as(fan))).status).toBe(404)
    const res = await t.call(deletePost, { post_id: postId }, as(owner))
    expect(res.status).toBe(200)
    expect(await postsCount(owner)).toBe(0)
    expect((await t.call(postDetail, { id: postId }, as(owner))).status).toBe(404)
    expect((await t.call(deletePost, { post_id: postId }, as(owner))).status).toBe(404)

    const draft = await newDraft(owner)
    const left = await t.call(deletePost, { post_id: draft }, as(owner))
    expect(left.body.data).toEqual({ draft_num: 0 })
    expect(await postsCount(owner)).toBe(0)
  })

  it(`pins published posts only, at most ${Posts.pinnedMax}`, async () => {
    const owner = await makeVerifiedCreator(t)
    const ids: number[] = []
    for (let i = 0; i <= Posts.pinnedMax; i++) ids.push((await makePost(t, owner)).postId)
    const pin = (postId: number, pinned = true) => t.call(pinPost, { post_id: postId, pinned }, as(owner))
    const results = await Promise.all(ids.map((id) => pin(id)))
    expect(results.filter((r) => r.status === 200)).toHaveLength(Posts.pinnedMax)
    const refused = results.filter((r) => r.status !== 200)
    expect(refused).toHaveLength(1)
    expect(refused[0]?.body.error.code).toBe(ErrorCodes.PinLimitReached.code)
    const pinnedId = ids[results.findIndex((r) => r.status === 200)] ?? 0
    expect((await pin(pinnedId)).status).toBe(200)
    expect((await pin(pinnedId, false)).body.data).toEqual({ pinned: false })
    const unpinnedBefore = ids[results.findIndex((r) => r.status !== 200)] ?? 0
    expect((await pin(unpinnedBefore)).status).toBe(200)

    const draft = await newDraft(owner)
    await t.call(pinPost, { post_id: ids[0], pinned: false }, as(owner))
    const notPublished = await pin(draft)
    expect(notPublished.status).toBe(409)
    expect(notPublished.body.error.code).toBe(ErrorCodes.PostNotEditable.code)
  })
})

describe('drafts and scheduled lists', () => {
  /** Every page of an own-posts list, two at a time: the post ids in the order the pages gave them. */
  async function allPages(
    call: typeof draftPosts | typeof scheduledPosts,
    owner: Account,
  ): Promise<number[]> {
    const ids: number[] = []
    let cursor: string | undefined
    for (let page = 0; page < 10; page++) {
      const res = await t.call(call, { limit: 2, ...(cursor ? { cursor } : {}) }, as(owner))
      expect(res.status).toBe(200)
      ids.push(...res.body.data.list.map((p: { post_id: number }) => p.post_id))
      if (!res.body.data.has_next) return ids
      cursor = res.body.data.cursor
    }
    throw new Error('the pages did not end')
  }

  it('pages drafts last edited first and scheduled posts soonest first, by keyset', async () => {
    const owner = await makeVerifiedCreator(t)
    const drafts: number[] = []
    for (let i = 0; i < 3; i++) {
      drafts.push((await makePost(t, owner, { action: 'draft' })).postId)
      t.clock.advance(1000)
    }
    const hours = [3, 1, 2]
    const scheduled = new Map<number, number>()
    for (const hour of hours) {
      const { postId } = await makePost(t, owner, {
        action: 'schedule',
        publishAt: nowSeconds() + hour * 3600,
      })
      scheduled.set(hour, postId)
    }

    expect(await allPages(draftPosts, owner)).toEqual([...drafts].reverse())
    expect(await allPages(scheduledPosts, owner)).toEqual([1, 2, 3].map((hour) => scheduled.get(hour)))
  })
})
