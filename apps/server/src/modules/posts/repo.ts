import { PostState } from '@velvet/contract'
import { and, count, eq, isNotNull, isNull, lte, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../platform/db.ts'
import { users } from '../auth/schema.ts'
import { authorJoin, normaliseRow, type PostMediaRef, type PostRow, postColumns } from './rows.ts'
import { postMedia, posts } from './schema.ts'

type Conn = Db | Tx

export type PostRecord = typeof posts.$inferSelect

/** The content fields a save writes (counts are recomputed from the media by the service). */
export interface PostContent {
  caption: string
  visibility: number
  price: number | null
  coverMediaId: number | null
  publishAt: Date | null
  images: number
  videos: number
  videoSeconds: number
}

/** The composer's SQL and one post by id. Lists live in list-repo.ts, likes and comments in engagement-repo.ts. */
export function createPostsRepo(db: Db) {
  return {
    transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
      return db.transaction(work)
    },

    async countDrafts(authorId: number, conn: Conn = db): Promise<number> {
      const [row] = await conn
        .select({ n: count() })
        .from(posts)
        .where(and(eq(posts.authorId, authorId), eq(posts.state, PostState.Draft), isNull(posts.deletedAt)))
      return row?.n ?? 0
    },

    async insertDraft(authorId: number, at: Date): Promise<number> {
      const [row] = await db
        .insert(posts)
        .values({ authorId, state: PostState.Draft, createdAt: at, updatedAt: at })
        .returning({ id: posts.id })
      if (!row) throw new Error('insert posts returned nothing')
      return row.id
    },

    /** A post that was not deleted, as `viewerId` reads it (any state: callers decide who sees drafts). */
    async postById(id: number, viewerId: number): Promise<PostRow | undefined> {
      const [row] = await db
        .select(postColumns(viewerId))
        .from(posts)
        .innerJoin(users, authorJoin)
        .where(and(eq(posts.id, id), isNull(posts.deletedAt)))
      return row ? normaliseRow(row) : undefined
    },

    /** Locks a post that was not deleted for a change (likes, comments and saves queue behind it). */
    async lockPost(id: number, tx: Tx): Promise<PostRecord | undefined> {
      const [row] = await tx
        .select()
        .from(posts)
        .where(and(eq(posts.id, id), isNull(posts.deletedAt)))
        .for('no key update')
      return row
    },

    async updatePost(id: number, values: Partial<PostRecord>, tx: Tx): Promise<void> {
      await tx.update(posts).set(values).where(eq(posts.id, id))
    },

    async writeContent(id: number, content: PostContent, at: Date, tx: Tx): Promise<void> {
      await tx
        .update(posts)
        .set({ ...content, updatedAt: at })
        .where(eq(posts.id, id))
    },

    /** Replaces the post's media with `items` in this order. */
    async replaceMedia(postId: number, items: PostMediaRef[], tx: Tx): Promise<void> {
      await tx.delete(postMedia).where(eq(postMedia.postId, postId))
      if (items.length === 0) return
      await tx.insert(postMedia).values(
        items.map((item, position) => ({
          postId,
          mediaId: item.mediaId,
          position,
          isFreePreview: item.isFreePreview,
        })),
      )
    },

    /** Serialises pinning per author, so two pins at once cannot pass the limit together. */
    async lockPins(authorId: number, tx: Tx): Promise<number> {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`post_pins:${authorId}`}, 0))`)
      const [row] = await tx
        .select({ n: count() })
        .from(posts)
        .where(and(eq(posts.authorId, authorId), isNotNull(posts.pinnedAt), isNull(posts.deletedAt)))
      return row?.n ?? 0
    },

    /**
     * Publishes every scheduled post that is due, in one conditional statement: a post moves from
     * scheduled to published once only, however many workers run this at the same moment (a second
     * statement waits for the first's row locks, then finds the rows no longer scheduled).
     */
    async publishDue(now: Date, tx: Tx): Promise<Array<{ id: number; authorId: number; caption: string }>> {
      return tx
        .update(posts)
        .set({ state: PostState.Published, publishedAt: sql`${posts.publishAt}`, updatedAt: now })
        .where(and(eq(posts.state, PostState.Scheduled), isNull(posts.deletedAt), lte(posts.publishAt, now)))
        .returning({ id: posts.id, authorId: posts.authorId, caption: posts.caption })
    },
  }
}

export type PostsRepo = ReturnType<typeof createPostsRepo>
