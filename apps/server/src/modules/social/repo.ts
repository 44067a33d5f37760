import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../platform/db.ts'
import { type UserRow, users } from '../auth/schema.ts'
import { blocks, follows, reports, userStats } from './schema.ts'

type Conn = Db | Tx

export interface Counts {
  posts: number
  followers: number
  following: number
  likes: number
}

export interface Relation {
  isFollowing: boolean
  blockedByMe: boolean
  blockedMe: boolean
}

/** The counters of user_stats. */
export type CountColumn = keyof Counts

const noCounts: Counts = { posts: 0, followers: 0, following: 0, likes: 0 }

/**
 * The social graph's SQL: follows with their counters, blocks and reports. Counters change in the same
 * transaction as the row they count and only when that row was really inserted or deleted, so they stay
 * exact under concurrent calls; the two users' counter rows are always locked in id order (no deadlock
 * when two people follow each other at the same moment).
 */
export function createSocialRepo(db: Db) {
  async function bump(conn: Conn, userId: number, column: CountColumn, by: number) {
    const target = userStats[column]
    await conn
      .insert(userStats)
      .values({ userId, [column]: Math.max(by, 0) })
      .onConflictDoUpdate({
        target: userStats.userId,
        set: { [column]: sql`greatest(${target} + ${by}, 0)` },
      })
  }

  async function bumpPair(conn: Conn, followerId: number, followeeId: number, by: 1 | -1) {
    const steps = [
      { userId: followerId, column: 'following' as const },
      { userId: followeeId, column: 'followers' as const },
    ].sort((a, b) => a.userId - b.userId)
    for (const step of steps) await bump(conn, step.userId, step.column, by)
  }

  return {
    transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
      return db.transaction(work)
    },

    async userById(id: number, conn: Conn = db): Promise<UserRow | undefined> {
      const [row] = await conn.select().from(users).where(eq(users.id, id))
      return row
    },

    async usersByIds(ids: number[]): Promise<UserRow[]> {
      if (ids.length === 0) return []
      return db.select().from(users).where(inArray(users.id, ids))
    },

    /** Inserts the follow; when it is new, counts it. Answers whether this call inserted it. */
    async follow(followerId: number, followeeId: number, at: Date, conn: Conn): Promise<boolean> {
      const inserted = await conn
        .insert(follows)
        .values({ followerId, followeeId, createdAt: at })
        .onConflictDoNothing()
        .returning({ id: follows.followerId })
      if (inserted.length === 0) return false
      await bumpPair(conn, followerId, followeeId, 1)
      return true
    },

    /** Deletes the follow; when there was one, uncounts it. Answers whether this call deleted it. */
    async unfollow(followerId: number, followeeId: number, conn: Conn): Promise<boolean> {
      const deleted = await conn
        .delete(follows)
        .where(and(eq(follows.followerId, followerId), eq(follows.followeeId, followeeId)))
        .returning({ id: follows.followerId })
      if (deleted.length === 0) return false
      await bumpPair(conn, followerId, followeeId, -1)
      return true
    },

    /**
     * Moves one counter by `by` inside the caller's transaction (posts: published posts; likes: likes the
     * user's posts received). The caller counts only rows it really inserted or deleted.
     */
    async adjustCounter(userId: number, column: CountColumn, by: number, conn: Conn): Promise<void> {
      if (by !== 0) await bump(conn, userId, column, by)
    },

    async countsOf(userIds: number[], conn: Conn = db): Promise<Map<number, Counts>> {
      const counts = new Map<number, Counts>(userIds.map((id) => [id, { ...noCounts }]))
      if (userIds.length === 0) return counts
      const rows = await conn.select().from(userStats).where(inArray(userStats.userId, userIds))
      for (const row of rows) {
        counts.set(row.userId, {
          posts: row.posts,
          followers: row.followers,
          following: row.following,
          likes: row.likes,
        })
      }
      return counts
    },

    /** The viewer's relation to another user, in one statement. */
    async relation(viewerId: number, otherId: number): Promise<Relation> {
      const [row] = await db
        .select({
          isFollowing: sql<boolean>`exists (select 1 from ${follows}
            where ${follows.followerId} = ${viewerId} and ${follows.followeeId} = ${otherId})`,
          blockedByMe: sql<boolean>`exists (select 1 from ${blocks}
            where ${blocks.blockerId} = ${viewerId} and ${blocks.blockedId} = ${otherId})`,
          blockedMe: sql<boolean>`exists (select 1 from ${blocks}
            where ${blocks.blockerId} = ${otherId} and ${blocks.blockedId} = ${viewerId})`,
        })
        .from(sql`(select 1) as one`)
      return row ?? { isFollowing: false, blockedByMe: false, blockedMe: false }
    },

    async block(blockerId: number, blockedId: number, at: Date): Promise<void> {
      await db.insert(blocks).values({ blockerId, blockedId, createdAt: at }).onConflictDoNothing()
    },

    async unblock(blockerId: number, blockedId: number): Promise<void> {
      await db.delete(blocks).where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)))
    },

    /**
     * Files a report unless the reporter already has an open one on the target (the partial unique index
     * decides, also under a race); answers the report's id either way.
     */
    async openReport(row: {
      reporterId: number
      targetType: string
      targetId: number
      reason: string
      details: string
      createdAt: Date
    }): Promise<number> {
      const [inserted] = await db
        .insert(reports)
        .values(row)
        .onConflictDoNothing({
          target: [reports.reporterId, reports.targetType, reports.targetId],
          where: sql`${reports.status} = 'open'`,
        })
        .returning({ id: reports.id })
      if (inserted) return inserted.id
      const [existing] = await db
        .select({ id: reports.id })
        .from(reports)
        .where(
          and(
            eq(reports.reporterId, row.reporterId),
            eq(reports.targetType, row.targetType),
            eq(reports.targetId, row.targetId),
            eq(reports.status, 'open'),
          ),
        )
      if (!existing) throw new Error('open report vanished')
      return existing.id
    },
  }
}

export type SocialRepo = ReturnType<typeof createSocialRepo>
