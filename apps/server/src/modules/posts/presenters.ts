import {
  type Comment,
  type Post,
  type PostAuthor,
  type PostLock,
  type PostMedia,
  type SuggestedCreator,
  UserRole,
} from '@velvet/contract'
import type { PostAccess } from '../entitlements/policy.ts'
import type { MediaRecord, MediaService } from '../media/types.ts'
import type { SuggestedRow } from '../social/read-models.ts'
import type { CommentRow } from './engagement-repo.ts'
import { canDeleteComment } from './policy.ts'
import type { AuthorRow, PostRow } from './rows.ts'

const seconds = (d: Date) => Math.floor(d.getTime() / 1000)
const secondsOrNull = (d: Date | null) => (d ? seconds(d) : null)

/** What presenting a post for one viewer needs besides the row. */
export interface PostViewContext {
  viewerId: number
  access: PostAccess
  media: Map<number, MediaRecord>
  urlsFor: MediaService['urlsFor']
  portraitUrl: (key: string) => string
}

export function presentAuthor(
  id: number,
  author: AuthorRow,
  portraitUrl: (key: string) => string,
): PostAuthor {
  return {
    user_id: id,
    user_name: author.userName,
    nickname: author.nickname,
    portrait: author.portrait ? portraitUrl(author.portrait) : null,
    verified: author.userRole === UserRole.Creator,
  }
}

function presentLock(row: PostRow, access: PostAccess): PostLock | null {
  if (access.open) return null
  return {
    reason: access.reason,
    price: access.reason === 'members' ? null : row.price,
    images: row.images,
    videos: row.videos,
    duration: row.videoSeconds,
  }
}

/**
 * A post as one viewer may see it. A locked post keeps each media's kind, size, duration and blurred
 * preview, but its urls are null, except teasers (free previews); an open post signs every url for this
 * viewer. Every field is listed: a new column never leaks by itself.
 */
export function presentPost(row: PostRow, ctx: PostViewContext): Post {
  const media: PostMedia[] = []
  for (const ref of row.media) {
    const record = ctx.media.get(ref.mediaId)
    if (!record) continue
    const visible = ctx.access.open || ref.isFreePreview
    media.push({
      media_id: record.id,
      kind: record.kind,
      state: record.state,
      width: record.width,
      height: record.height,
      duration: record.durationMs === null ? null : record.durationMs / 1000,
      is_free_preview: ref.isFreePreview,
      preview: record.preview,
      urls: visible ? ctx.urlsFor(record, ctx.viewerId) : null,
    })
  }
  return {
    post_id: row.id,
    author: presentAuthor(row.authorId, row.author, ctx.portraitUrl),
    state: row.state,
    caption: row.caption,
    visibility: row.visibility,
    price: row.price,
    created_at: seconds(row.createdAt),
    published_at: secondsOrNull(row.publishedAt),
    publish_at: secondsOrNull(row.publishAt),
    edited_at: secondsOrNull(row.editedAt),
    pinned: row.pinnedAt !== null,
    likes: row.likes,
    comments: row.comments,
    liked_by_me: row.likedByMe,
    is_mine: row.authorId === ctx.viewerId,
    lock: presentLock(row, ctx.access),
    cover_media_id: row.coverMediaId,
    media,
  }
}

export function presentComment(
  row: CommentRow,
  facts: { viewerId: number; postAuthorId: number },
  portraitUrl: (key: string) => string,
): Comment {
  return {
    comment_id: row.id,
    post_id: row.postId,
    author: presentAuthor(row.authorId, row.author, portraitUrl),
    text: row.text,
    created_at: seconds(row.createdAt),
    can_delete: canDeleteComment({ ...facts, commentAuthorId: row.authorId }),
  }
}

export function presentSuggested(row: SuggestedRow, portraitUrl: (key: string) => string): SuggestedCreator {
  return {
    user_id: row.id,
    user_name: row.userName,
    nickname: row.nickname,
    portrait: row.portrait ? portraitUrl(row.portrait) : null,
    verified: true,
    is_following: false,
    posts: row.posts,
    followers: row.followers,
  }
}
