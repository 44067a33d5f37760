import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../platform/db.ts'
import { users } from '../auth/schema.ts'
import { notBlockedWith } from '../social/conditions.ts'
import { type AuthorRow, authorColumns } from './rows.ts'
import { postComments, postLikes, postReads, postShares, posts } from './schema.ts'

type Conn = Db | Tx

export interface CommentRow {
  id: number
  postId: number
  authorId: number
  text: string
  createdAt: Date
  author: AuthorRow
}

export type CommentRecord = typeof postComments.$inferSelect

/**
 * Likes, comments, reads and shares. Each counter on posts moves in the same transaction as its row and
 * only when that row was really inserted or deleted, so counters stay exact under concurrent calls.
 */
export function createEngagementRepo(db: Db) {
  async function bump(
    postId: number,
    column: 'likes' | 'comments' | 'reads' | 'shares',
    by: 1 | -1,
    conn: Conn,
  ): Promise<number> {
    const target = posts[column]
    const [row] = await conn
      .update(posts)
      .set({ [column]: sql`greatest(${target} + ${by}, 0)` })
      .where(eq(posts.id, postId))
      .returning({ n: target })
    return row?.n ?? 0
  }

  function selectComments() {
    return db
      .select({
        id: postComments.id,
        postId: postComments.postId,
        authorId: postComments.authorId,
        text: postComments.text,
        createdAt: postComments.createdAt,
        author: authorColumns,
      })
      .from(postComments)
      .innerJoin(users, eq(users.id, postComments.authorId))
      .$dynamic()
  }

  return {
    /** Answers the post's like count after the change, and whether this call changed anything. */
    async setLike(postId: number, userId: number, liked: boolean, at: Date, tx: Tx) {
      const changed = liked
        ? await tx
            .insert(postLikes)
            .values({ postId, userId, createdAt: at })
            .onConflictDoNothing()
            .returning({ postId: postLikes.postId })
        : await tx
            .delete(postLikes)
            .where(and(eq(postLikes.postId, postId), eq(postLikes.userId, userId)))
            .returning({ postId: postLikes.postId })
      if (changed.length === 0) {
        const [row] = await tx.select({ n: posts.likes }).from(posts).where(eq(posts.id, postId))
        return { changed: false, likes: row?.n ?? 0 }
      }
      return { changed: true, likes: await bump(postId, 'likes', liked ? 1 : -1, tx) }
    },

    /** Comments not deleted, oldest first after `afterId`, leaving out accounts blocked either way. */
    comments(postId: number, viewerId: number, afterId: number | null, limit: number): Promise<CommentRow[]> {
      return selectComments()
        .where(
          and(
            eq(postComments.postId, postId),
            isNull(postComments.deletedAt),
            isNull(users.deletedAt),
            afterId === null ? undefined : gt(postComments.id, afterId),
            notBlockedWith(viewerId, postComments.authorId),
          ),
        )
        .orderBy(asc(postComments.id))
        .limit(limit)
    },

    /** A live account's card fields (the writer of a post, for its notices). */
    async userCard(id: number): Promise<(AuthorRow & { id: number }) | undefined> {
      const [row] = await db
        .select({ id: users.id, ...authorColumns })
        .from(users)
        .where(and(eq(users.id, id), isNull(users.deletedAt)))
      return row
    },

    /** Live accounts with these user names (lower-cased), for @mentions. */
    async userIdsByNames(names: string[]): Promise<number[]> {
      if (names.length === 0) return []
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            sql`lower(${users.userName}) IN (${sql.join(
              names.map((name) => sql`${name}`),
              sql`, `,
            )})`,
            isNull(users.deletedAt),
          ),
        )
      return rows.map((row) => row.id)
    },

    async commentRow(id: number): Promise<CommentRow | undefined> {
      const [row] = await selectComments().where(eq(postComments.id, id))
      return row
    },

    async addComment(postId: number, authorId: number, text: string, at: Date, tx: Tx) {
      const [row] = await tx
        .insert(postComments)
        .values({ postId, authorId, text, createdAt: at })
        .returning()
      if (!row) throw new Error('insert post_comments returned nothing')
      return { comment: row, comments: await bump(postId, 'comments', 1, tx) }
    },

    async commentById(id: number): Promise<CommentRecord | undefined> {
      const [row] = await db
        .select()
        .from(postComments)
        .where(and(eq(postComments.id, id), isNull(postComments.deletedAt)))
      return row
    },

    /** Deletes a comment once; answers the post's comment count after it. */
    async deleteComment(comment: CommentRecord, deletedBy: number, at: Date, tx: Tx): Promise<number> {
      const rows = await tx
        .update(postComments)
        .set({ deletedAt: at, deletedBy })
        .where(and(eq(postComments.id, comment.id), isNull(postComments.deletedAt)))
        .returning({ id: postComments.id })
      if (rows.length === 0) {
        const [row] = await tx.select({ n: posts.comments }).from(posts).where(eq(posts.id, comment.postId))
        return row?.n ?? 0
      }
      return bump(comment.postId, 'comments', -1, tx)
    },

    /** A read counts once per viewer and post. */
    async recordRead(postId: number, userId: number, at: Date): Promise<void> {
      await db.transaction(async (tx) => {
        const inserted = await tx
          .insert(postReads)
          .values({ postId, userId, readAt: at })
          .onConflictDoNothing()
          .returning({ postId: postReads.postId })
        if (inserted.length > 0) await bump(postId, 'reads', 1, tx)
      })
    },

    async recordShare(postId: number, userId: number, at: Date): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.insert(postShares).values({ postId, userId, createdAt: at })
        await bump(postId, 'shares', 1, tx)
      })
    },
  }
}

export type EngagementRepo = ReturnType<typeof createEngagementRepo>
