import { and, eq, inArray, sql } from 'drizzle-orm'
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

/** The SQL of entitlements: unlocks (post_unlocks) and memberships. */
export function createEntitlementsRepo(db: Db) {
  return {
    /** What the viewer holds among these posts and creators, in one statement (one per page). */
    async holdings(viewerId: number, postIds: number[], creatorIds: number[], now: Date): Promise<Holdings> {
      const holdings: Holdings = { unlocked: new Set(), memberOf: new Set() }
      if (postIds.length === 0 && creatorIds.length === 0) return holdings
      const noIds = [0]
      const unlocks = db
        .select({ kind: sql<string>`'unlock'`.as('kind'), id: postUnlocks.postId })
        .from(postUnlocks)
        .where(
          and(
            eq(postUnlocks.userId, viewerId),
            inArray(postUnlocks.postId, postIds.length ? postIds : noIds),
          ),
        )
      const members = db
        .select({ kind: sql<string>`'member'`.as('kind'), id: memberships.creatorId })
        .from(memberships)
        .where(
          and(
            eq(memberships.fanId, viewerId),
            inArray(memberships.creatorId, creatorIds.length ? creatorIds : noIds),
            liveMembership(now),
          ),
        )
      for (const row of await unlocks.unionAll(members)) {
        if (row.kind === 'unlock') holdings.unlocked.add(row.id)
        else holdings.memberOf.add(row.id)
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
