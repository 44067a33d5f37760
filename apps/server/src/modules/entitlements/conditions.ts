import { Visibility } from '@velvet/contract'
import { and, eq, gt, or, type Placeholder, type SQL, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { Db } from '../../platform/db.ts'
import { MembershipStatus, RENEWAL_WINDOW_MINUTES } from './policy.ts'
import { memberships, postUnlocks } from './schema.ts'

/**
 * The paywall rules of policy.ts as SQL, for list queries that must filter in the database (a page
 * of "locked" posts, the feed's creators). Kept beside the policy so that both change together; the
 * paywall table test checks the two agree.
 */

/** A live membership row (policy `isMembershipLive`). */
export function liveMembership(now: Date): SQL {
  const live = or(
    and(
      eq(memberships.status, MembershipStatus.Active),
      // Open through the renewal window too (policy RENEWAL_WINDOW_MINUTES).
      gt(sql`${memberships.currentPeriodEnd} + make_interval(mins => ${RENEWAL_WINDOW_MINUTES})`, now),
    ),
    and(eq(memberships.status, MembershipStatus.Grace), gt(memberships.graceUntil, now)),
  )
  if (!live) throw new Error('membership condition is empty')
  return live
}

/** When a live membership row stops being live (the end of `liveMembership`). */
export function membershipLiveUntil(): SQL {
  return sql`case when ${memberships.status} = ${MembershipStatus.Active}
    then ${memberships.currentPeriodEnd} + make_interval(mins => ${RENEWAL_WINDOW_MINUTES})
    else ${memberships.graceUntil} end`
}

/** The creators a fan is a live member of, as a subquery of creator ids. */
export function memberCreatorIds(fanId: number, now: Date): SQL {
  return sql`select ${memberships.creatorId} from ${memberships}
    where ${memberships.fanId} = ${fanId} and ${liveMembership(now)}`
}

/**
 * The creators a fan is a live member of, as a select of one column `author_id` (one arm of a union of
 * feed authors). `fanId` and `now` may be placeholders of a prepared statement.
 */
export function memberCreatorAuthorIds(db: Db, fanId: number | Placeholder, now: Date) {
  return db
    .select({ authorId: sql<number>`${memberships.creatorId}`.as('author_id') })
    .from(memberships)
    .where(and(eq(memberships.fanId, fanId), liveMembership(now)))
}

/**
 * The creators a fan is a live member of, each with `until`: when that membership stops being live, in
 * epoch milliseconds (the same number from every driver).
 */
export function memberCreatorsWithEnd(db: Db, fanId: number, now: Date) {
  return db
    .select({
      id: memberships.creatorId,
      until: sql<number | null>`(extract(epoch from ${membershipLiveUntil()}) * 1000)::float8`.as('until'),
    })
    .from(memberships)
    .where(and(eq(memberships.fanId, fanId), liveMembership(now)))
}

/** True when `fanId` is a live member of `creatorId` (either may be a column of the caller's query). */
export function isLiveMember(fanId: number | AnyPgColumn, creatorId: number | AnyPgColumn, now: Date): SQL {
  return sql`EXISTS (SELECT 1 FROM ${memberships} WHERE ${memberships.fanId} = ${fanId}
    AND ${memberships.creatorId} = ${creatorId} AND ${liveMembership(now)})`
}

/**
 * The fans of a creator whose membership is live (`live` true) or is no longer live (`live` false), as a
 * subquery of fan ids.
 */
export function memberFanIds(creatorId: number, now: Date, live: boolean): SQL {
  return live
    ? sql`SELECT ${memberships.fanId} FROM ${memberships}
          WHERE ${memberships.creatorId} = ${creatorId} AND ${liveMembership(now)}`
    : sql`SELECT ${memberships.fanId} FROM ${memberships}
          WHERE ${memberships.creatorId} = ${creatorId} AND NOT (${liveMembership(now)})`
}

/** True when `fanId` has, or had, a membership of the creator (live or not): an EXISTS condition. */
export function hasMembershipRow(fanId: AnyPgColumn | SQL, creatorId: number): SQL {
  return sql`EXISTS (SELECT 1 FROM ${memberships} WHERE ${memberships.fanId} = ${fanId}
                  AND ${memberships.creatorId} = ${creatorId})`
}

/** The columns of a post row that the paywall reads; the posts module passes its table (or an alias). */
export interface PaywalledPost {
  id: AnyPgColumn
  authorId: AnyPgColumn
  visibility: AnyPgColumn
}

/**
 * Posts of ONE author that are locked for the viewer (policy `decideAccess` answering locked), given
 * whether the viewer is a live member of that author. `post` names the posts row of the caller's query
 * (posts owns that table; entitlements only reads these three columns).
 */
export function lockedForViewer(viewerId: number, isMemberOfAuthor: boolean, post: PaywalledPost): SQL {
  const bought = sql`exists (select 1 from ${postUnlocks}
    where ${postUnlocks.userId} = ${viewerId} and ${postUnlocks.postId} = ${post.id})`
  const membersOpen = isMemberOfAuthor
    ? sql`${post.visibility} in (${Visibility.Members}, ${Visibility.MembersAndPPV})`
    : sql`false`
  const buyersOpen = sql`(${post.visibility} in (${Visibility.PPV}, ${Visibility.MembersAndPPV}) and ${bought})`
  return sql`(${post.authorId} <> ${viewerId} and ${post.visibility} <> ${Visibility.Everyone}
    and not (${membersOpen} or ${buyersOpen}))`
}
