import { asc, eq, inArray, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../platform/db.ts'
import { follows, userListMembers, userLists, userStats } from './schema.ts'

/** Occurrences of each id in `ids`, in ascending id order (the order rows are locked in). */
function tally(ids: number[]): [number, number][] {
  const counts = new Map<number, number>()
  for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + 1)
  return [...counts.entries()].sort((a, b) => a[0] - b[0])
}

/**
 * Takes a deleted account out of the social graph: its follows both ways and its list memberships go,
 * and every counter they were part of is lowered in the same transaction. Counter and list rows are
 * locked in ascending id order, like follows and list changes lock them, so nothing deadlocks.
 */
export function createForgetRepo(db: Db) {
  async function forget(userId: number, tx: Tx): Promise<void> {
    const listIds = await tx
      .select({ listId: userListMembers.listId })
      .from(userListMembers)
      .where(eq(userListMembers.userId, userId))
    if (listIds.length > 0) {
      const ids = listIds.map((r) => r.listId)
      await tx
        .select({ id: userLists.id })
        .from(userLists)
        .where(inArray(userLists.id, ids))
        .orderBy(asc(userLists.id))
        .for('update')
      await tx.delete(userListMembers).where(eq(userListMembers.userId, userId))
      await tx
        .update(userLists)
        .set({ memberCount: sql`greatest(${userLists.memberCount} - 1, 0)` })
        .where(inArray(userLists.id, ids))
    }

    const followed = await tx
      .delete(follows)
      .where(eq(follows.followerId, userId))
      .returning({ other: follows.followeeId })
    const followers = await tx
      .delete(follows)
      .where(eq(follows.followeeId, userId))
      .returning({ other: follows.followerId })
    const lower = new Map<number, { followers: number; following: number }>()
    for (const [id, n] of tally(followed.map((r) => r.other))) lower.set(id, { followers: n, following: 0 })
    for (const [id, n] of tally(followers.map((r) => r.other))) {
      lower.set(id, { followers: lower.get(id)?.followers ?? 0, following: n })
    }
    const ids = [...new Set([...lower.keys(), userId])].sort((a, b) => a - b)
    for (const id of ids) {
      const by = lower.get(id)
      const set = by
        ? {
            followers: sql`greatest(${userStats.followers} - ${by.followers}, 0)`,
            following: sql`greatest(${userStats.following} - ${by.following}, 0)`,
          }
        : { followers: 0, following: 0 }
      await tx.update(userStats).set(set).where(eq(userStats.userId, id))
    }
  }

  return {
    forgetUser(userId: number, tx?: Tx): Promise<void> {
      return tx ? forget(userId, tx) : db.transaction((t) => forget(userId, t))
    },
  }
}

export type ForgetRepo = ReturnType<typeof createForgetRepo>
