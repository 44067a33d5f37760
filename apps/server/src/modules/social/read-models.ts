import { UserRole } from '@velvet/contract'
import { and, eq, gt, inArray, isNotNull, isNull, ne, type SQL, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { Db } from '../../platform/db.ts'
import { users } from '../auth/schema.ts'
import { notBlockedWith, notFollowedBy } from './conditions.ts'
import { userLists, userStats } from './schema.ts'

/**
 * Lists other modules show that are read from social's counters (user_stats) and follow graph. Social owns
 * those tables; a list built on them is a query of this module, published here.
 */

/** A creator to suggest, with its counters. */
export interface SuggestedRow {
  id: number
  userName: string | null
  nickname: string | null
  portrait: string | null
  posts: number
  followers: number
}

/** Descending as the indexes are built (drizzle-kit writes DESC NULLS LAST). */
function newestFirst(column: AnyPgColumn): SQL {
  return sql`${column} desc nulls last`
}

/**
 * Creators with published posts whom the viewer does not follow and who are not blocked either way,
 * most followed first (the posts module's "suggested creators").
 */
export function suggestedCreators(db: Db, viewerId: number, limit: number): Promise<SuggestedRow[]> {
  return db
    .select({
      id: users.id,
      userName: users.userName,
      nickname: users.nickname,
      portrait: users.portrait,
      posts: userStats.posts,
      followers: userStats.followers,
    })
    .from(userStats)
    .innerJoin(users, eq(users.id, userStats.userId))
    .where(
      and(
        eq(users.userRole, UserRole.Creator),
        isNull(users.deletedAt),
        isNotNull(users.userName),
        gt(userStats.posts, 0),
        ne(users.id, viewerId),
        notFollowedBy(viewerId, users.id),
        notBlockedWith(viewerId, users.id),
      ),
    )
    .orderBy(newestFirst(userStats.followers), newestFirst(users.id))
    .limit(limit)
}

/** Which of these list ids are lists of `ownerId`. */
export async function ownListIds(db: Db, ownerId: number, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return []
  const rows = await db
    .select({ id: userLists.id })
    .from(userLists)
    .where(and(eq(userLists.ownerId, ownerId), inArray(userLists.id, ids)))
  return rows.map((row) => row.id)
}
