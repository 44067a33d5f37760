import { isPaidVisibility, type Post, PostState, type SavePostInput } from '@velvet/contract'
import type { z } from 'zod'
import type { Clock } from '../../platform/clock.ts'
import { AppError } from '../../platform/errors.ts'
import type { Viewer } from '../../platform/http.ts'
import type { JobSender } from '../../platform/jobs.ts'
import type { CreatorService } from '../creator/service.ts'
import type { MediaRecord, MediaService } from '../media/types.ts'
import { decodeCursor } from '../social/cursor.ts'
import type { SocialService } from '../social/service.ts'
import { publishJob } from './jobs.ts'
import type { PostListRepo } from './list-repo.ts'
import type { PostNotices } from './notices.ts'
import {
  assertCanCreate,
  assertCanPin,
  assertCanSave,
  assertOwnPost,
  assertScheduleTime,
  assertUsableMedia,
} from './policy.ts'
import { keysetPage, type PostPresenting } from './presenting.ts'
import type { PostRecord, PostsRepo } from './repo.ts'

export interface PostServiceDeps {
  repo: PostsRepo
  lists: PostListRepo
  presenting: PostPresenting
  media: Pick<MediaService, 'findOwned'>
  social: Pick<SocialService, 'adjustContentCounts'>
  creator: Pick<CreatorService, 'assertVerifiedCreator'>
  jobs: JobSender
  clock: Clock
  /** Mentions in a caption published now (after the commit). */
  notices?: Pick<PostNotices, 'published'>
}

type SaveInput = z.output<typeof SavePostInput>

/** Who writes a post: the viewer of a request, or a demo creator the server writes for (modules/demo). */
export type Author = Pick<Viewer, 'userId' | 'userRole'>

/** Image and video counts and total video seconds of a post's media (the lock line and grid filters). */
function mediaCounts(records: MediaRecord[]) {
  const videos = records.filter((record) => record.kind === 'video')
  return {
    images: records.length - videos.length,
    videos: videos.length,
    videoSeconds: Math.round(videos.reduce((sum, record) => sum + (record.durationMs ?? 0), 0) / 1000),
  }
}

/**
 * The composer (spec §4): a new post is a draft; saving keeps it a draft, publishes it now or schedules
 * it; editing a scheduled post makes it a draft again; a published post stays published when edited.
 * Counters (user_stats.posts) and the publish job change in the same transaction as the post.
 */
export function createPostService(deps: PostServiceDeps) {
  const { repo, lists, presenting, media, social, creator, jobs, clock } = deps

  async function ownPost(viewer: Author, postId: number): Promise<Post> {
    const row = await repo.postById(postId, viewer.userId)
    assertOwnPost(viewer.userId, row)
    const [post] = await presenting.presentOwn(viewer.userId, [row])
    if (!post) throw new AppError('PostNotFound')
    return post
  }

  /** The state change a save makes, beyond the content. */
  function transition(post: PostRecord, input: SaveInput, publishAt: Date | null, now: Date) {
    if (input.action === 'draft') return { state: PostState.Draft, publishAt }
    if (input.action === 'schedule') return { state: PostState.Scheduled, publishAt }
    if (post.state === PostState.Published) return { editedAt: now }
    return { state: PostState.Published, publishedAt: now, publishAt: null }
  }

  return {
    async init(viewer: Viewer) {
      return { draft_num: await repo.countDrafts(viewer.userId) }
    },

    async create(viewer: Author) {
      assertCanCreate(viewer)
      const postId = await repo.insertDraft(viewer.userId, clock.now())
      return { post_id: postId, draft_num: await repo.countDrafts(viewer.userId) }
    },

    async save(viewer: Author, input: SaveInput) {
      assertCanCreate(viewer)
      const ids = input.media.map((item) => item.media_id)
      const owned = ids.length > 0 ? await media.findOwned(viewer.userId, ids) : []
      assertUsableMedia(ids, owned, input.action)
      const paid = isPaidVisibility(input.visibility)
      if (paid) await creator.assertVerifiedCreator(viewer.userId)
      const now = clock.now()
      const publishAt = input.publish_at === null ? null : new Date(input.publish_at * 1000)
      let publishedNow = false
      if (input.action === 'schedule' && publishAt) {
        assertScheduleTime(publishAt, now)
        await jobs.prepare(publishJob)
      }

      await repo.transaction(async (tx) => {
        // A retried transaction runs this again from the start.
        publishedNow = false
        const post = await repo.lockPost(input.post_id, tx)
        assertOwnPost(viewer.userId, post)
        assertCanSave(post.state, input.action)
        const change = transition(post, input, publishAt, now)
        await repo.updatePost(
          post.id,
          {
            caption: input.caption,
            visibility: input.visibility,
            price: paid ? input.price : null,
            coverMediaId: input.cover_media_id,
            ...mediaCounts(owned),
            ...change,
            updatedAt: now,
          },
          tx,
        )
        await repo.replaceMedia(
          post.id,
          input.media.map((item) => ({ mediaId: item.media_id, isFreePreview: item.is_free_preview })),
          tx,
        )
        if (change.state === PostState.Published) {
          await social.adjustContentCounts(viewer.userId, { posts: 1 }, tx)
          publishedNow = true
        }
        if (change.state === PostState.Scheduled && publishAt) {
          // The worker publishes every due post, so a stale job (rescheduled, drafted) does no harm.
          await jobs.send(
            publishJob,
            { post_id: post.id },
            { tx, startAfter: publishAt, singletonKey: `post:${post.id}:${publishAt.getTime()}` },
          )
        }
      })
      if (publishedNow)
        await deps.notices?.published({ id: input.post_id, authorId: viewer.userId, caption: input.caption })
      return {
        post: await ownPost(viewer, input.post_id),
        draft_num: await repo.countDrafts(viewer.userId),
      }
    },

    /** Opens a post in the composer; a scheduled post becomes a draft again (spec §4). */
    async edit(viewer: Viewer, postId: number) {
      await repo.transaction(async (tx) => {
        const post = await repo.lockPost(postId, tx)
        assertOwnPost(viewer.userId, post)
        if (post.state === PostState.Scheduled) {
          await repo.updatePost(post.id, { state: PostState.Draft, updatedAt: clock.now() }, tx)
        }
      })
      return { post: await ownPost(viewer, postId) }
    },

    /** Soft delete; a published post leaves the author's post and like counters. */
    async remove(viewer: Viewer, postId: number) {
      await repo.transaction(async (tx) => {
        const post = await repo.lockPost(postId, tx)
        assertOwnPost(viewer.userId, post)
        const now = clock.now()
        await repo.updatePost(post.id, { deletedAt: now, pinnedAt: null, updatedAt: now }, tx)
        if (post.state === PostState.Published) {
          await social.adjustContentCounts(viewer.userId, { posts: -1, likes: -post.likes }, tx)
        }
      })
      return { draft_num: await repo.countDrafts(viewer.userId) }
    },

    async pin(viewer: Viewer, postId: number, pinned: boolean) {
      await repo.transaction(async (tx) => {
        const post = await repo.lockPost(postId, tx)
        assertOwnPost(viewer.userId, post)
        if (!pinned) {
          await repo.updatePost(post.id, { pinnedAt: null }, tx)
          return
        }
        const pinnedSoFar = await repo.lockPins(viewer.userId, tx)
        if (post.pinnedAt !== null) return
        assertCanPin(post.state, pinnedSoFar)
        await repo.updatePost(post.id, { pinnedAt: clock.now() }, tx)
      })
      return { pinned }
    },

    async drafts(viewer: Viewer, input: { cursor?: string | undefined; limit: number }) {
      const rows = await lists.drafts(viewer.userId, decodeCursor(input.cursor), input.limit + 1)
      const page = keysetPage(rows, input.limit)
      return {
        list: await presenting.presentOwn(viewer.userId, page.rows),
        cursor: page.cursor,
        has_next: page.has_next,
      }
    },

    async scheduled(viewer: Viewer, input: { cursor?: string | undefined; limit: number }) {
      const rows = await lists.scheduled(viewer.userId, decodeCursor(input.cursor), input.limit + 1)
      const page = keysetPage(rows, input.limit)
      return {
        list: await presenting.presentOwn(viewer.userId, page.rows),
        cursor: page.cursor,
        has_next: page.has_next,
      }
    },
  }
}

export type PostService = ReturnType<typeof createPostService>
