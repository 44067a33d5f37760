import { eq, type Placeholder, sql } from 'drizzle-orm'
import { users } from '../auth/schema.ts'
import { postLikes, postMedia, posts } from './schema.ts'

/** A media of a post, in display order. */
export interface PostMediaRef {
  mediaId: number
  isFreePreview: boolean
}

/** The author's columns a post or a comment comes with (what presentAuthor needs). */
export interface AuthorRow {
  userName: string | null
  nickname: string | null
  portrait: string | null
  userRole: number
}

export const authorColumns = {
  userName: users.userName,
  nickname: users.nickname,
  portrait: users.portrait,
  userRole: users.userRole,
}

/** A post as every read query answers it: its columns, author, media and whether the viewer liked it. */
export interface PostRow {
  id: number
  authorId: number
  state: number
  caption: string
  visibility: number
  price: number | null
  coverMediaId: number | null
  publishAt: Date | null
  publishedAt: Date | null
  pinnedAt: Date | null
  editedAt: Date | null
  likes: number
  comments: number
  images: number
  videos: number
  videoSeconds: number
  createdAt: Date
  author: AuthorRow & { deletedAt: Date | null }
  media: PostMediaRef[]
  likedByMe: boolean
}

/** A viewer id: a number, or the placeholder of a prepared statement. */
export type ViewerParam = number | Placeholder

// Keyset cursor text lives beside the Cursor it fills; re-exported for the posts lists.
export { cursorText } from '../social/cursor.ts'

/**
 * The columns of a PostRow for `select ... from posts join users`: the media come along as one JSON
 * array per post (so a page is one statement), in display order.
 */
export function postColumns(viewerId: ViewerParam) {
  return {
    id: posts.id,
    authorId: posts.authorId,
    state: posts.state,
    caption: posts.caption,
    visibility: posts.visibility,
    price: posts.price,
    coverMediaId: posts.coverMediaId,
    publishAt: posts.publishAt,
    publishedAt: posts.publishedAt,
    pinnedAt: posts.pinnedAt,
    editedAt: posts.editedAt,
    likes: posts.likes,
    comments: posts.comments,
    images: posts.images,
    videos: posts.videos,
    videoSeconds: posts.videoSeconds,
    createdAt: posts.createdAt,
    author: { ...authorColumns, deletedAt: users.deletedAt },
    media: sql<PostMediaRef[]>`coalesce((
      select json_agg(json_build_object('mediaId', ${postMedia.mediaId}, 'isFreePreview', ${postMedia.isFreePreview})
        order by ${postMedia.position})
      from ${postMedia} where ${postMedia.postId} = ${posts.id}), '[]'::json)`,
    likedByMe: sql<boolean>`exists (select 1 from ${postLikes}
      where ${postLikes.postId} = ${posts.id} and ${postLikes.userId} = ${viewerId})`,
  }
}

export const authorJoin = eq(users.id, posts.authorId)

/** JSON numbers come back as numbers; a driver may give bigint ids as text: normalise either way. */
export function normaliseRow<R extends { media: PostMediaRef[] | string }>(
  row: R,
): R & { media: PostMediaRef[] } {
  const media = typeof row.media === 'string' ? (JSON.parse(row.media) as PostMediaRef[]) : row.media
  return {
    ...row,
    media: media.map((ref) => ({ mediaId: Number(ref.mediaId), isFreePreview: Boolean(ref.isFreePreview) })),
  }
}
