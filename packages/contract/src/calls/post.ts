import { z } from 'zod'
import { Posts, Visibility } from '../constants.ts'
import { Id, QueryId } from '../rules/ids.ts'
import { MultilineText } from '../rules/text.ts'
import { defineCall } from './define.ts'
import { MediaId, MediaKind, MediaUrls } from './media.ts'
import { PageQuery, pageOf, UserCard } from './profile.ts'

export const PostTexts = {
  needsMedia: 'Add at least one photo or video.',
  mediaNotReady: 'Wait until your uploads are finished.',
  scheduleInPast: 'Pick a time in the future.',
  subscribeToSee: 'Subscribe to see',
  notFound: 'This post is not available.',
} as const

export const PostId = Id

/** A keyset page query whose page size defaults to `size` (the screens ask for their own sizes). */
function pageQueryOf(size: number) {
  return PageQuery.extend({ limit: z.coerce.number().int().min(1).max(100).default(size) })
}
export const QueryPostId = QueryId

export const VisibilityValue = z.union([
  z.literal(Visibility.Everyone),
  z.literal(Visibility.PPV),
  z.literal(Visibility.Members),
  z.literal(Visibility.MembersAndPPV),
])

/** A visibility whose viewers (other than members) buy the post with coins. */
export function isPaidVisibility(visibility: number): boolean {
  return visibility === Visibility.PPV || visibility === Visibility.MembersAndPPV
}

export const Caption = MultilineText.max(Posts.captionMax, {
  message: `A caption is at most ${Posts.captionMax} characters.`,
})

export const Price = z
  .number()
  .int({ message: 'A price is a whole number of coins.' })
  .min(Posts.priceMin, { message: `The price is at least ${Posts.priceMin} coin.` })
  .max(Posts.priceMax, { message: `The price is at most ${Posts.priceMax} coins.` })

/** The author shown on a post. */
export const PostAuthor = UserCard.pick({
  user_id: true,
  user_name: true,
  nickname: true,
  portrait: true,
  verified: true,
})
export type PostAuthor = z.infer<typeof PostAuthor>

/** A media entry of a post as one viewer sees it: urls only when that viewer may see it. */
export const PostMedia = z.object({
  media_id: MediaId,
  kind: MediaKind,
  /** spec §3: 1 (ready) for every media of a published post. */
  state: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** Seconds, for a video. */
  duration: z.number().nullable(),
  /** A teaser: shown to everyone even when the post is locked. */
  is_free_preview: z.boolean(),
  /** The server-made blurred preview (a small data URL); the only image a locked viewer gets. */
  preview: z.string().nullable(),
  /** Signed, viewer-bound urls; null when locked for this viewer. */
  urls: MediaUrls.nullable(),
})
export type PostMedia = z.infer<typeof PostMedia>

/** Why a viewer cannot see a post yet, and what opens it. */
export const PostLock = z.object({
  /** 'ppv': buy it; 'members': subscribe; 'members_or_ppv': subscribe (free) or buy. */
  reason: z.enum(['ppv', 'members', 'members_or_ppv']),
  /** Coins, for ppv and members_or_ppv. */
  price: z.number().int().nullable(),
  images: z.number().int(),
  videos: z.number().int(),
  /** Total seconds of video. */
  duration: z.number(),
})
export type PostLock = z.infer<typeof PostLock>

export const Post = z.object({
  post_id: PostId,
  author: PostAuthor,
  /** PostState: 0 draft, 1 scheduled, 2 published. */
  state: z.number().int(),
  caption: z.string(),
  visibility: z.number().int(),
  /** Coins, for PPV visibilities. */
  price: z.number().int().nullable(),
  /** Unix seconds. */
  created_at: z.number().int(),
  published_at: z.number().int().nullable(),
  /** When a scheduled post publishes (unix seconds). */
  publish_at: z.number().int().nullable(),
  edited_at: z.number().int().nullable(),
  pinned: z.boolean(),
  likes: z.number().int(),
  comments: z.number().int(),
  liked_by_me: z.boolean(),
  is_mine: z.boolean(),
  /** null when the viewer may see everything. */
  lock: PostLock.nullable(),
  cover_media_id: MediaId.nullable(),
  media: z.array(PostMedia),
})
export type Post = z.infer<typeof Post>

export const initPost = defineCall({
  method: 'POST',
  path: '/fapi/core/post/init/',
  access: 'account',
  summary: 'Open the composer: how many drafts the creator has (spec §7 draft_num).',
  response: z.object({ draft_num: z.number().int() }),
})

export const createPost = defineCall({
  method: 'POST',
  path: '/fapi/core/post/create/',
  access: 'account',
  summary: 'Start a new post as a draft (spec §4; from=1 is the composer).',
  input: z.object({ from: z.literal(1) }),
  response: z.object({ post_id: PostId, draft_num: z.number().int() }),
})

export const PostMediaInput = z.object({ media_id: MediaId, is_free_preview: z.boolean().default(false) })

/**
 * Save the composer. `draft` keeps it a draft; `publish` publishes now; `schedule` publishes at `publish_at`.
 * Publishing or scheduling needs at least one finished image or video (spec §5) and a future time (spec §5).
 */
export const SavePostInput = z
  .object({
    post_id: PostId,
    action: z.enum(['draft', 'publish', 'schedule']),
    caption: Caption.default(''),
    /** In display order. */
    media: z
      .array(PostMediaInput)
      .max(Posts.mediaMax, { message: `A post has at most ${Posts.mediaMax} photos and videos.` })
      .default([]),
    cover_media_id: MediaId.nullable().default(null),
    visibility: VisibilityValue.default(Visibility.Everyone),
    price: Price.nullable().default(null),
    /** Unix seconds, for `schedule`. */
    publish_at: z.number().int().nullable().default(null),
  })
  .superRefine((post, ctx) => {
    if (isPaidVisibility(post.visibility) && post.price === null) {
      ctx.addIssue({ code: 'custom', path: ['price'], message: 'Set a price in coins.' })
    }
    if (post.action === 'schedule' && post.publish_at === null) {
      ctx.addIssue({ code: 'custom', path: ['publish_at'], message: 'Pick when to publish.' })
    }
    if (post.action !== 'draft' && post.media.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['media'], message: PostTexts.needsMedia })
    }
    const ids = post.media.map((item) => item.media_id)
    if (new Set(ids).size !== ids.length) {
      ctx.addIssue({ code: 'custom', path: ['media'], message: 'A photo or video is in the post twice.' })
    }
    if (post.cover_media_id !== null && !ids.includes(post.cover_media_id)) {
      ctx.addIssue({
        code: 'custom',
        path: ['cover_media_id'],
        message: 'The cover must be one of the post’s media.',
      })
    }
  })

export const savePost = defineCall({
  method: 'POST',
  path: '/fapi/core/post/save/',
  access: 'account',
  summary: 'Save the composer as a draft, publish now or schedule (creators only for paid visibilities).',
  input: SavePostInput,
  response: z.object({ post: Post, draft_num: z.number().int() }),
})

export const editPost = defineCall({
  method: 'POST',
  path: '/fapi/core/post/edit/',
  access: 'account',
  summary:
    'Open one of the viewer’s posts in the composer; a scheduled post becomes a draft again (spec §4).',
  input: z.object({ post_id: PostId }),
  response: z.object({ post: Post }),
})

export const postDetail = defineCall({
  method: 'GET',
  path: '/fapi/core/post/detail/',
  access: 'session',
  summary: 'One post as the viewer may see it (locked media carry only the blurred preview).',
  input: z.object({ id: QueryPostId }),
  response: z.object({ post: Post }),
})

export const deletePost = defineCall({
  method: 'POST',
  path: '/fapi/core/post/delete/',
  access: 'account',
  summary: 'Delete one of the viewer’s posts (drafts, scheduled and published).',
  input: z.object({ post_id: PostId }),
  response: z.object({ draft_num: z.number().int() }),
})

export const pinPost = defineCall({
  method: 'POST',
  path: '/fapi/core/post/pin/',
  access: 'account',
  summary: `Pin a published post to the top of the own profile (at most ${Posts.pinnedMax}) or unpin it.`,
  input: z.object({ post_id: PostId, pinned: z.boolean() }),
  response: z.object({ pinned: z.boolean() }),
})

export const likePost = defineCall({
  method: 'POST',
  path: '/fapi/core/post/like/',
  access: 'account',
  summary: 'Like or unlike a post the viewer can see (idempotent).',
  input: z.object({ post_id: PostId, liked: z.boolean() }),
  response: z.object({ liked: z.boolean(), likes: z.number().int() }),
})

export const PostEvent = z.enum(['read'])

export const postEvent = defineCall({
  method: 'POST',
  path: '/fapi/core/post/event/',
  access: 'session',
  summary: 'spec §7: a read-post event (counted once per viewer and post).',
  input: z.object({ post_id: PostId, event: PostEvent }),
  response: z.object({}),
})

export const doPostShare = defineCall({
  method: 'POST',
  path: '/fapi/core/share/do_post_share/',
  access: 'session',
  summary: 'spec §7: the viewer shared a post (sent only with a post id); answers the link to share.',
  input: z.object({ post_id: PostId }),
  response: z.object({ url: z.string() }),
})

export const CommentText = MultilineText.trim()
  .min(1, { message: 'Write a comment first.' })
  .max(Posts.commentMax, { message: `A comment is at most ${Posts.commentMax} characters.` })

export const Comment = z.object({
  comment_id: z.number().int().positive(),
  post_id: PostId,
  author: PostAuthor,
  text: z.string(),
  /** Unix seconds. */
  created_at: z.number().int(),
  /** The viewer may delete it: its author, or the post's creator (moderation). */
  can_delete: z.boolean(),
})
export type Comment = z.infer<typeof Comment>

export const postComments = defineCall({
  method: 'GET',
  path: '/fapi/core/post/comments/',
  access: 'session',
  summary: 'Comments of a post the viewer can see, oldest first.',
  input: pageQueryOf(Posts.commentsPageSize).extend({ post_id: QueryPostId }),
  response: pageOf(Comment),
})

export const addComment = defineCall({
  method: 'POST',
  path: '/fapi/core/post/comment/',
  access: 'account',
  summary: 'Comment on a post the viewer can see.',
  input: z.object({ post_id: PostId, text: CommentText }),
  response: z.object({ comment: Comment, comments: z.number().int() }),
})

export const deleteComment = defineCall({
  method: 'POST',
  path: '/fapi/core/post/comment/delete/',
  access: 'account',
  summary: 'Delete a comment: its author, or the post’s creator moderating.',
  input: z.object({ comment_id: Id }),
  response: z.object({ comments: z.number().int() }),
})

export const OwnPostsQuery = pageQueryOf(Posts.gridPageSize)

export const draftPosts = defineCall({
  method: 'GET',
  path: '/fapi/core/post/drafts/',
  access: 'account',
  summary: 'The viewer’s drafts, last edited first (/publish/drafts).',
  input: OwnPostsQuery,
  response: pageOf(Post),
})

export const scheduledPosts = defineCall({
  method: 'GET',
  path: '/fapi/core/post/scheduled/',
  access: 'account',
  summary: 'The viewer’s scheduled posts, soonest first (/publish/schedule).',
  input: OwnPostsQuery,
  response: pageOf(Post),
})

export const PostsFilter = z.enum(['all', 'photos', 'videos', 'locked'])
export type PostsFilter = z.infer<typeof PostsFilter>

export const userPosts = defineCall({
  method: 'GET',
  path: '/fapi/core/post/user_posts/',
  access: 'session',
  summary:
    'A creator’s published posts for the profile grid, pinned first then newest; filter photos, videos or locked (for this viewer).',
  input: pageQueryOf(Posts.gridPageSize).extend({
    user_id: QueryId,
    filter: PostsFilter.default('all'),
  }),
  response: pageOf(Post),
})

export const homeFeed = defineCall({
  method: 'GET',
  path: '/fapi/core/feed/home/',
  access: 'session',
  summary:
    'Posts of creators the viewer follows or is a member of (and the viewer’s own), newest first (keyset).',
  input: pageQueryOf(Posts.feedPageSize),
  response: pageOf(Post),
})

export const SuggestedCreator = UserCard.pick({
  user_id: true,
  user_name: true,
  nickname: true,
  portrait: true,
  verified: true,
  is_following: true,
}).extend({ posts: z.number().int(), followers: z.number().int() })
export type SuggestedCreator = z.infer<typeof SuggestedCreator>

export const suggestedCreators = defineCall({
  method: 'GET',
  path: '/fapi/core/feed/suggested/',
  access: 'session',
  summary: 'Creators the viewer does not follow yet, with published posts (the home strip).',
  response: z.object({ list: z.array(SuggestedCreator) }),
})
