import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core'
import { users } from '../auth/schema.ts'
import { media } from '../media/schema.ts'

const userRef = (name: string) =>
  bigint(name, { mode: 'number' })
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' })

const postRef = (name: string) =>
  bigint(name, { mode: 'number' })
    .notNull()
    .references(() => posts.id, { onDelete: 'cascade' })

/** A post (spec §3/§4): a draft, scheduled or published; counters change in the same transaction as their rows. */
export const posts = pgTable(
  'posts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity({ startWith: 1_000_001 }),
    authorId: userRef('author_id'),
    /** PostState: 0 draft, 1 scheduled, 2 published. */
    state: smallint('state').notNull().default(0),
    caption: text('caption').notNull().default(''),
    /** Visibility: 1 everyone, 2 PPV, 3 members, 4 members and PPV. */
    visibility: smallint('visibility').notNull().default(1),
    /** Coins, for PPV visibilities. */
    price: integer('price'),
    coverMediaId: bigint('cover_media_id', { mode: 'number' }).references(() => media.id, {
      onDelete: 'set null',
    }),
    publishAt: timestamp('publish_at', { withTimezone: true }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    pinnedAt: timestamp('pinned_at', { withTimezone: true }),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    likes: integer('likes').notNull().default(0),
    comments: integer('comments').notNull().default(0),
    shares: integer('shares').notNull().default(0),
    reads: integer('reads').notNull().default(0),
    /** Media counts of the published content (for the lock line and the grid filters). */
    images: smallint('images').notNull().default(0),
    videos: smallint('videos').notNull().default(0),
    videoSeconds: integer('video_seconds').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('posts_author_published_idx')
      .on(t.authorId, t.publishedAt.desc(), t.id.desc())
      .where(sql`${t.state} = 2 and ${t.deletedAt} is null`),
    index('posts_published_idx')
      .on(t.publishedAt.desc(), t.id.desc())
      .where(sql`${t.state} = 2 and ${t.deletedAt} is null`),
    index('posts_author_state_updated_idx').on(t.authorId, t.state, t.updatedAt.desc()),
    index('posts_scheduled_idx').on(t.publishAt).where(sql`${t.state} = 1 and ${t.deletedAt} is null`),
  ],
)

/** The media of a post, in display order; teasers are shown to everyone. */
export const postMedia = pgTable(
  'post_media',
  {
    postId: postRef('post_id'),
    mediaId: bigint('media_id', { mode: 'number' })
      .notNull()
      .references(() => media.id, { onDelete: 'restrict' }),
    position: smallint('position').notNull(),
    isFreePreview: boolean('is_free_preview').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.postId, t.mediaId] }), index('post_media_media_idx').on(t.mediaId)],
)

export const postLikes = pgTable(
  'post_likes',
  {
    postId: postRef('post_id'),
    userId: userRef('user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.userId] }),
    index('post_likes_user_idx').on(t.userId, t.createdAt),
  ],
)

export const postComments = pgTable(
  'post_comments',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    postId: postRef('post_id'),
    authorId: userRef('author_id'),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Removed by its author or by the post's creator (moderation). */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: bigint('deleted_by', { mode: 'number' }),
  },
  (t) => [index('post_comments_post_idx').on(t.postId, t.id)],
)

/** spec §7 read-post events, counted once per viewer. */
export const postReads = pgTable(
  'post_reads',
  {
    postId: postRef('post_id'),
    userId: userRef('user_id'),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] })],
)

export const postShares = pgTable(
  'post_shares',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    postId: postRef('post_id'),
    userId: userRef('user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('post_shares_post_idx').on(t.postId)],
)
