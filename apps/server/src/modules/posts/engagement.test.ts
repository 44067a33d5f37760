/**
 * Likes (exact counters under concurrency), comments with the creator's moderation, read events, shares
 * and reports of posts, through HTTP.
 */
import {
  addComment,
  deleteComment,
  deletePost,
  doPostShare,
  ErrorCodes,
  likePost,
  postComments,
  postDetail,
  postEvent,
  profileView,
  reportContent,
  Visibility,
} from '@velvet/contract'
import { and, count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeAccount, makeGuest } from '../../test/factories.ts'
import { startTestApp, type TestApp } from '../../test/harness.ts'
import { grantUnlock, makePost, makeVerifiedCreator } from '../../test/post-factories.ts'
import { type Account, block, makeAccounts } from '../../test/social-factories.ts'
import { reports } from '../social/schema.ts'
import { postLikes, postReads, postShares, posts } from './schema.ts'

let t: TestApp
let creator: Account

beforeAll(async () => {
  t = await startTestApp({ PUBLIC_URL: 'https://velvet.example' })
  creator = await makeVerifiedCreator(t)
})
afterAll(() => t.close())

const as = (account: Account) => ({ token: account.token })

async function creatorLikes(account: Account): Promise<number> {
  const res = await t.call(profileView, { user_id: account.userId }, as(account))
  return res.body.data.profile.counts.likes
}

async function storedLikes(postId: number) {
  const db = t.database.db
  const [post] = await db.select({ likes: posts.likes }).from(posts).where(eq(posts.id, postId))
  const [rows] = await db.select({ n: count() }).from(postLikes).where(eq(postLikes.postId, postId))
  return { counter: post?.likes ?? -1, rows: rows?.n ?? -1 }
}

describe('likes', () => {
  it('is idempotent and keeps the post and creator counters exact under 20 concurrent likes and unlikes', async () => {
    const owner = await makeVerifiedCreator(t)
    const { postId } = await makePost(t, owner)
    const other = await makePost(t, owner)
    const fans = await makeAccounts(t, 20)
    const like = (fan: Account, liked: boolean, id = postId) =>
      t.call(likePost, { post_id: id, liked }, as(fan))

    const first = await like(fans[0] as Account, true)
    expect(first.body.data).toEqual({ liked: true, likes: 1 })
    expect((await like(fans[0] as Account, true)).body.data).toEqual({ liked: true, likes: 1 })
    expect((await t.call(postDetail, { id: postId }, as(fans[0] as Account))).body.data.post).toMatchObject({
      likes: 1,
      liked_by_me: true,
    })

    // Every fan likes twice at once; half of them also unlike at the same moment.
    await Promise.all(
      fans.flatMap((fan, i) => [like(fan, true), like(fan, true), ...(i % 2 ? [like(fan, false)] : [])]),
    )
    // Settle: odd fans end unliked, even fans liked; and a like on the other post.
    await Promise.all(fans.map((fan, i) => like(fan, i % 2 === 0)))
    await like(fans[1] as Account, true, other.postId)
    expect(await storedLikes(postId)).toEqual({ counter: 10, rows: 10 })
    expect(await creatorLikes(owner)).toBe(11)

    // Deleting a post takes its likes out of the creator's total.
    await t.call(deletePost, { post_id: other.postId }, as(owner))
    expect(await creatorLikes(owner)).toBe(10)
    expect((await like(fans[1] as Account, true, other.postId)).status).toBe(404)
  })

  it('needs an account (guests read only) and a post the viewer can reach', async () => {
    const { postId } = await makePost(t, creator)
    const guest = await makeGuest(t)
    const refused = await t.call(likePost, { post_id: postId, liked: true }, { token: guest.token })
    expect(refused.status).toBe(403)
    const fan = await makeAccount(t)
    await block(t, creator, fan)
    const blocked = await t.call(likePost, { post_id: postId, liked: true }, as(fan))
    expect(blocked.status).toBe(404)
    expect(blocked.body.error.code).toBe(ErrorCodes.PostNotFound.code)
  })
})

describe('comments', () => {
  it('adds, lists oldest first with keyset pages, and lets the author or the creator delete', async () => {
    const { postId } = await makePost(t, creator)
    const [alice, bob] = await makeAccounts(t, 2)
    if (!alice || !bob) throw new Error('accounts')
    const say = (who: Account, text: string) => t.call(addComment, { post_id: postId, text }, as(who))
    const one = await say(alice, '  First!  ')
    expect(one.status).toBe(200)
    expect(one.body.data).toMatchObject({
      comment: { post_id: postId, text: 'First!', can_delete: true, author: { user_id: alice.userId } },
      comments: 1,
    })
    await say(bob, 'Second')
    await say(alice, 'Third')
    expect((await say(bob, '   ')).status).toBe(400)

    const firstPage = await t.call(postComments, { post_id: postId, limit: 2 }, as(bob))
    expect(firstPage.body.data.list.map((c: { text: string }) => c.text)).toEqual(['First!', 'Second'])
    expect(firstPage.body.data.list.map((c: { can_delete: boolean }) => c.can_delete)).toEqual([false, true])
    expect(firstPage.body.data.has_next).toBe(true)
    const secondPage = await t.call(
      postComments,
      { post_id: postId, limit: 2, cursor: firstPage.body.data.cursor },
      as(bob),
    )
    expect(secondPage.body.data).toMatchObject({ list: [{ text: 'Third' }], has_next: false, cursor: null })

    const asCreator = await t.call(postComments, { post_id: postId }, as(creator))
    expect(asCreator.body.data.list.every((c: { can_delete: boolean }) => c.can_delete)).toBe(true)

    const aliceFirst = firstPage.body.data.list[0].comment_id
    const bobs = firstPage.body.data.list[1].comment_id
    const notHers = await t.call(deleteComment, { comment_id: bobs }, as(alice))
    expect(notHers.status).toBe(404)
    expect(notHers.body.error.code).toBe(ErrorCodes.CommentNotFound.code)
    expect((await t.call(deleteComment, { comment_id: aliceFirst }, as(alice))).body.data).toEqual({
      comments: 2,
    })
    const moderated = await t.call(deleteComment, { comment_id: bobs }, as(creator))
    expect(moderated.body.data).toEqual({ comments: 1 })
    expect((await t.call(deleteComment, { comment_id: bobs }, as(creator))).status).toBe(404)
    const left = await t.call(postComments, { post_id: postId }, as(alice))
    expect(left.body.data.list.map((c: { text: string }) => c.text)).toEqual(['Third'])
    expect((await t.call(postDetail, { id: postId }, as(alice))).body.data.post.comments).toBe(1)
  })

  it('takes comments only where the post is open for the viewer (4007 on a locked card)', async () => {
    const { postId } = await makePost(t, creator, { visibility: Visibility.PPV, price: 30 })
    const fan = await makeAccount(t)
    const locked = await t.call(addComment, { post_id: postId, text: 'Nice' }, as(fan))
    expect(locked.status).toBe(403)
    expect(locked.body.error.code).toBe(ErrorCodes.PostLocked.code)
    expect((await t.call(postComments, { post_id: postId }, as(fan))).status).toBe(200)
    await grantUnlock(t, fan, postId)
    expect((await t.call(addComment, { post_id: postId, text: 'Nice' }, as(fan))).status).toBe(200)
  })
})

describe('read events, shares and reports', () => {
  it('counts a read once per viewer and post (guests too)', async () => {
    const { postId } = await makePost(t, creator)
    const fan = await makeAccount(t)
    const guest = await makeGuest(t)
    for (let i = 0; i < 3; i++) {
      expect((await t.call(postEvent, { post_id: postId, event: 'read' }, as(fan))).status).toBe(200)
    }
    await Promise.all(
      [1, 2, 3].map(() => t.call(postEvent, { post_id: postId, event: 'read' }, { token: guest.token })),
    )
    const [row] = await t.database.db.select({ reads: posts.reads }).from(posts).where(eq(posts.id, postId))
    const [stored] = await t.database.db
      .select({ n: count() })
      .from(postReads)
      .where(eq(postReads.postId, postId))
    expect(row?.reads).toBe(2)
    expect(stored?.n).toBe(2)
    const unknown = await t.call(postEvent, { post_id: 999_999_999, event: 'read' }, as(fan))
    expect(unknown.status).toBe(404)
  })

  it('records a share and answers the link to the post', async () => {
    const { postId } = await makePost(t, creator)
    const fan = await makeAccount(t)
    const res = await t.call(doPostShare, { post_id: postId }, as(fan))
    expect(res.body.data).toEqual({ url: `https://velvet.example/post?id=${postId}` })
    const [row] = await t.database.db
      .select({ n: count() })
      .from(postShares)
      .where(and(eq(postShares.postId, postId), eq(postShares.userId, fan.userId)))
    expect(row?.n).toBe(1)
  })

  it('reports a post the reporter can see, once while open; not one they cannot reach, nor their own', async () => {
    const { postId } = await makePost(t, creator)
    const fan = await makeAccount(t)
    const report = (who: Account, id = postId) =>
      t.call(
        reportContent,
        { target_type: 'post', target_id: id, reason: 'spam_scam', details: 'Fake' },
        as(who),
      )
    const first = await report(fan)
    expect(first.status).toBe(200)
    expect((await report(fan)).body.data.report_id).toBe(first.body.data.report_id)
    const stored = await t.database.db.select().from(reports).where(eq(reports.targetId, postId))
    expect(stored).toMatchObject([{ targetType: 'post', reporterId: fan.userId, reason: 'spam_scam' }])

    const own = await report(creator)
    expect(own.status).toBe(400)
    expect(own.body.error.fields[0].rule).toBe('report.self')
    const blocked = await makeAccount(t)
    await block(t, creator, blocked)
    expect((await report(blocked)).status).toBe(404)
    expect((await report(fan, 999_999_999)).status).toBe(404)
  })
})
