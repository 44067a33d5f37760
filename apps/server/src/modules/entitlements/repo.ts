import { and, eq, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../platform/db.ts'
import { liveMembership } from './conditions.ts'
import { memberships, postUnlocks } from './schema.ts'

type Conn = Db | Tx

export interface Holdings {
  /** Posts (of those asked) the viewer bought. */
  unlocked: Set<number>
  /** Creators (of those asked) the viewer is a live member of. */
  memberOf: Set<number>
}

export interface MembershipWrite {
  fanId: number
  creatorId: number
  /** MembershipStatus. */
  status: number
  currentPeriodEnd: Date
  graceUntil: Date | null
}

/**
 * Holdings of a page: the unlocks among `postIds` and the live memberships among `creatorIds`. The id lists
 * are array parameters (`= any($n)`), so one statement text serves every page size.
 */
function prepareHoldings(db: Db) {
  const viewerId = sql.placeholder('viewerId')
  // liveMembership binds `now` as a parameter: the placeholder stands in for the Date.
  const now = sql.placeholder('now') as unknown as Date
  const unlocks = db
    .select({ kind: sql<string>`'unlock'`.as('kind'), id: postUnlocks.postId })
    .from(postUnlocks)
    .where(
      and(
        eq(postUnlocks.userId, viewerId),
        sql`${postUnlocks.postId} = any(${sql.placeholder('postIds')}::bigint[])`,
      ),
    )
  const members = db
    .select({ kind: sql<string>`'member'`.as('kind'), id: memberships.creatorId })
    .from(memberships)
    .where(
      and(
        eq(memberships.fanId, viewerId),
        sql`${memberships.creatorId} = any(${sql.placeholder('creatorIds')}::bigint[])`,
        liveMembership(now),
      ),
    )
  return unlocks.unionAll(members).prepare('entitlements_holdings')
}

/** The SQL of entitlements: unlocks (post_unlocks) and memberships. */
export function createEntitlementsRepo(db: Db) {
  let holdingsQuery: ReturnType<typeof prepareHoldings> | undefined
  return {
    /** What the viewer holds among these posts and creators, in one prepared statement (one per page). */
    async holdings(viewerId: number, postIds: number[], creatorIds: number[], now: Date): Promise<Holdings> {
      const holdings: Holdings = { unlocked: new Set(), memberOf: new Set() }
      if (postIds.length === 0 && creatorIds.length === 0) return holdings
      holdingsQuery ??= prepareHoldings(db)
      for (const row of await holdingsQuery.execute({ viewerId, postIds, creatorIds, now })) {
        const id = Number(row.id)
        if (row.kind === 'unlock') holdings.unlocked.add(id)
        else holdings.memberOf.add(id)
      }
      return holdings
    },

    /** Records that the user owns the post; answers whether this call created the unlock. */
    async grantUnlock(userId: number, postId: number, at: Date, conn: Conn = db): Promise<boolean> {
      const rows = await conn
        .insert(postUnlocks)
        .values({ userId, postId, createdAt: at })
        .onConflictDoNothing()
        .returning({ postId: postUnlocks.postId })
      return rows.length > 0
    },

    /** Creates or replaces a fan's membership of a creator. */
    async writeMembership(row: MembershipWrite, at: Date, conn: Conn = db): Promise<void> {
      await conn
        .insert(memberships)
        .values({ ...row, createdAt: at })
        .onConflictDoUpdate({
          target: [memberships.fanId, memberships.creatorId],
          set: {
            status: row.status,
            currentPeriodEnd: row.currentPeriodEnd,
            graceUntil: row.graceUntil,
          },
        })
    },
  }
}

export type EntitlementsRepo = ReturnType<typeof createEntitlementsRepo>
