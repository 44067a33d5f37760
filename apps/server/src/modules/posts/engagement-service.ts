import { PostState } from '@velvet/contract'
import type { Clock } from '../../platform/clock.ts'
import { cursorError, idFromDigits } from '../../platform/cursors.ts'
import { AppError } from '../../platform/errors.ts'
import type { Viewer } from '../../platform/http.ts'
import type { SocialService } from '../social/service.ts'
import type { EngagementRepo } from './engagement-repo.ts'
import type { PostNotices } from './notices.ts'
import { assertCanComment, assertCanReportPost, canDeleteComment } from './policy.ts'
import { presentComment } from './presenters.ts'
import type { PostsRepo } from './repo.ts'
import type { PostViewService } from './view-service.ts'

export interface EngagementServiceDeps {
  repo: EngagementRepo
  posts: Pick<PostsRepo, 'transaction' | 'lockPost'>
  view: Pick<PostViewService, 'reach'>
  social: Pick<SocialService, 'adjustContentCounts'>
  clock: Clock
  publicUrl: string
  portraitUrl: (key: string) => string
  notices: Pick<PostNotices, 'commented'>
}

/** A comment page cursor: the last comment id, opaque to clients. */
function encodeCommentCursor(id: number): string {
  return Buffer.from(`c${id}`).toString('base64url')
}

function decodeCommentCursor(text: string | undefined): number | null {
  if (text === undefined || text === '') return null
  const id = idFromDigits(/^c(\d+)$/.exec(Buffer.from(text, 'base64url').toString())?.[1])
  if (id === null) throw cursorError()
  return id
}

/** Likes, comments (with the creator's moderation), read events, shares and post reports. */
export function createEngagementService(deps: EngagementServiceDeps) {
  const { repo, posts, view, social, clock, publicUrl, portraitUrl } = deps

  return {
    /**
     * Idempotent like/unlike of a post the viewer can reach (locked ones too). The post row is locked
     * first, so a like never lands on a post being deleted and both counters (the post's, the creator's
     * user_stats.likes) move only when the like row really changed.
     */
    async like(viewer: Viewer, postId: number, liked: boolean, ip: string) {
      await view.reach(viewer.userId, postId, ip)
      return posts.transaction(async (tx) => {
        const post = await posts.lockPost(postId, tx)
        if (!post || post.state !== PostState.Published) throw new AppError('PostNotFound')
        const result = await repo.setLike(post.id, viewer.userId, liked, clock.now(), tx)
        if (result.changed) {
          await social.adjustContentCounts(post.authorId, { likes: liked ? 1 : -1 }, tx)
        }
        return { liked, likes: result.likes }
      })
    },

    async comments(
      viewer: Viewer,
      input: { post_id: number; cursor?: string | undefined; limit: number },
      ip: string,
    ) {
      const { row } = await view.reach(viewer.userId, input.post_id, ip)
      const afterId = decodeCommentCursor(input.cursor)
      const rows = await repo.comments(row.id, viewer.userId, afterId, input.limit + 1)
      const hasNext = rows.length > input.limit
      const shown = hasNext ? rows.slice(0, input.limit) : rows
      const last = shown.at(-1)
      const facts = { viewerId: viewer.userId, postAuthorId: row.authorId }
      return {
        list: shown.map((comment) => presentComment(comment, facts, portraitUrl)),
        cursor: hasNext && last ? encodeCommentCursor(last.id) : null,
        has_next: hasNext,
      }
    },

    /** Commenting needs the post open for the viewer (not a locked card). */
    async addComment(viewer: Viewer, postId: number, text: string, ip: string) {
      const { row, access } = await view.reach(viewer.userId, postId, ip)
      if (row.state !== PostState.Published) throw new AppError('PostNotFound')
      assertCanComment(access)
      const added = await posts.transaction(async (tx) => {
        const post = await posts.lockPost(postId, tx)
        if (!post || post.state !== PostState.Published) throw new AppError('PostNotFound')
        return repo.addComment(post.id, viewer.userId, text, clock.now(), tx)
      })
      const comment = await repo.commentRow(added.comment.id)
      if (!comment) throw new AppError('CommentNotFound')
      const presented = presentComment(
        comment,
        { viewerId: viewer.userId, postAuthorId: row.authorId },
        portraitUrl,
      )
      await deps.notices.commented(presented, row.authorId)
      return { comment: presented, comments: added.comments }
    },

    /** Its author, or the post's creator (moderation), deletes a comment. */
    async deleteComment(viewer: Viewer, commentId: number) {
      const comment = await repo.commentById(commentId)
      if (!comment) throw new AppError('CommentNotFound')
      return posts.transaction(async (tx) => {
        const post = await posts.lockPost(comment.postId, tx)
        const allowed =
          post &&
          canDeleteComment({
            viewerId: viewer.userId,
            commentAuthorId: comment.authorId,
            postAuthorId: post.authorId,
          })
        if (!allowed) throw new AppError('CommentNotFound')
        return { comments: await repo.deleteComment(comment, viewer.userId, clock.now(), tx) }
      })
    },

    /** spec §7 read event: counted once per viewer and post. */
    async read(viewer: Viewer, postId: number, ip: string) {
      const { row } = await view.reach(viewer.userId, postId, ip)
      if (row.state === PostState.Published) await repo.recordRead(row.id, viewer.userId, clock.now())
      return {}
    },

    /** Records a share and answers the link to share (the /post route of the web app). */
    async share(viewer: Viewer, postId: number, ip: string) {
      const { row } = await view.reach(viewer.userId, postId, ip)
      if (row.state !== PostState.Published) throw new AppError('PostNotFound')
      await repo.recordShare(row.id, viewer.userId, clock.now())
      return { url: `${publicUrl.replace(/\/$/, '')}/post?id=${row.id}` }
    },

    /** For social's reportContent: the reporter must reach the post and not be its author. */
    async assertReportable(reporterId: number, postId: number, ip: string) {
      const { row } = await view.reach(reporterId, postId, ip)
      if (row.state !== PostState.Published) throw new AppError('PostNotFound')
      assertCanReportPost(reporterId, row.authorId)
    },
  }
}

export type EngagementService = ReturnType<typeof createEngagementService>
