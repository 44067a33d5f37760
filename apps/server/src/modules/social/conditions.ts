import { eq, type Placeholder, type SQL, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { Db } from '../../platform/db.ts'
import { blocks, follows, userListMembers, userLists } from './schema.ts'

/**
 * The follow and block graph as SQL, for other modules' list queries (the home feed, comments, creator
 * suggestions) that must filter in the database. Social owns these tables; other modules read them only
 * through these helpers.
 */

/** A user id as a value or as a prepared statement's placeholder. */
type UserParam = number | Placeholder

/**
 * Leaves out users blocked by, or blocking, the viewer (their rows stay; an unblock brings them back).
 * Two NOT EXISTS, each an index probe on the blocks primary key.
 */
export function notBlockedWith(viewerId: UserParam, userId: AnyPgColumn): SQL {
  return sql`not exists (select 1 from ${blocks} where ${blocks.blockerId} = ${viewerId} and ${blocks.blockedId} = ${userId})
    and not exists (select 1 from ${blocks} where ${blocks.blockerId} = ${userId} and ${blocks.blockedId} = ${viewerId})`
}

/** True when the follower does not follow `userId` (an index probe on the follows primary key). */
export function notFollowedBy(followerId: UserParam, userId: AnyPgColumn): SQL {
  return sql`not exists (select 1 from ${follows}
              where ${follows.followerId} = ${followerId} and ${follows.followeeId} = ${userId})`
}

/** The users a follower follows, as a select of one column `author_id` (one arm of a union of authors). */
export function followeeAuthorIds(db: Db, followerId: UserParam) {
  return db
    .select({ authorId: sql<number>`${follows.followeeId}`.as('author_id') })
    .from(follows)
    .where(eq(follows.followerId, followerId))
}

/**
 * The users a follower follows, each with an `until` column that is null (a follow does not end), to be
 * joined in a union with memberships that do end.
 */
export function followeesWithoutEnd(db: Db, followerId: number) {
  return db
    .select({ id: follows.followeeId, until: sql<number | null>`null::float8`.as('until') })
    .from(follows)
    .where(eq(follows.followerId, followerId))
}

/** The followers of a user, as a subquery of follower ids. */
export function followerIds(followeeId: number): SQL {
  return sql`SELECT ${follows.followerId} FROM ${follows} WHERE ${follows.followeeId} = ${followeeId}`
}

/** True when `userId` follows `followeeId`: an EXISTS condition. */
export function isFollowerOf(userId: AnyPgColumn | SQL, followeeId: number): SQL {
  return sql`EXISTS (SELECT 1 FROM ${follows} WHERE ${follows.followerId} = ${userId}
                  AND ${follows.followeeId} = ${followeeId})`
}

/** True when `a` blocked `b` or `b` blocked `a`: one EXISTS over both directions. */
export function blockedEitherWay(a: UserParam | SQL, b: AnyPgColumn | SQL): SQL {
  return sql`EXISTS (SELECT 1 FROM ${blocks}
        WHERE (${blocks.blockerId} = ${a} AND ${blocks.blockedId} = ${b})
           OR (${blocks.blockerId} = ${b} AND ${blocks.blockedId} = ${a}))`
}

/**
 * The members of the owner's lists `listIds` for whom `also(memberId)` holds, as a subquery of user ids
 * (a list names anyone; the caller narrows it, e.g. to followers and members).
 */
export function listMemberIds(ownerId: number, listIds: number[], also: (memberId: AnyPgColumn) => SQL): SQL {
  const ids = sql.join(
    listIds.map((id) => sql`${id}`),
    sql`, `,
  )
  return sql`SELECT ${userListMembers.userId} FROM ${userListMembers}
          JOIN ${userLists} ON ${userLists.id} = ${userListMembers.listId}
          WHERE ${userLists.ownerId} = ${ownerId} AND ${userLists.id} IN (${ids})
            AND ${also(userListMembers.userId)}`
}
