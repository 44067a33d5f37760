import { PostState } from '@velvet/contract'
import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../../platform/db.ts'
import { posts } from './schema.ts'

/** Questions other modules ask about posts (posts owns the table; they read it only through these). */

/** Whether a post is the author's and published (mass messages share only those). */
export async function isPublishedPostOf(db: Db, authorId: number, postId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: posts.id })
    .from(posts)
    .where(
      and(
        eq(posts.id, postId),
        eq(posts.authorId, authorId),
        eq(posts.state, PostState.Published),
        sql`${posts.deletedAt} IS NULL`,
      ),
    )
  return row !== undefined
}
