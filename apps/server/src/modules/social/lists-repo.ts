import { and, asc, count, eq, sql } from 'drizzle-orm'
import { type Db, isUniqueViolation, type Tx } from '../../platform/db.ts'
import { AppError } from '../../platform/errors.ts'
import { userListMembers, userLists } from './schema.ts'

export type UserListRow = typeof userLists.$inferSelect

/**
 * The SQL of the lists a user made. A list's row is locked while members change, so member_count stays
 * exact and the size limit holds under concurrent adds; list creation is serialised per owner (advisory
 * lock) so the number-of-lists limit holds too. Names are unique per owner, case-insensitive (index).
 */
export function createListsRepo(db: Db) {
  return {
    transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
      return db.transaction(work)
    },

    async listsOf(ownerId: number): Promise<UserListRow[]> {
      return db
        .select()
        .from(userLists)
        .where(eq(userLists.ownerId, ownerId))
        .orderBy(asc(userLists.createdAt), asc(userLists.id))
    },

    async listById(id: number, conn: Db | Tx = db): Promise<UserListRow | undefined> {
      const [row] = await conn.select().from(userLists).where(eq(userLists.id, id))
      return row
    },

    /** The list, locked until the transaction ends. */
    async lockList(id: number, tx: Tx): Promise<UserListRow | undefined> {
      const [row] = await tx.select().from(userLists).where(eq(userLists.id, id)).for('update')
      return row
    },

    async lockOwner(ownerId: number, tx: Tx): Promise<void> {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`user_lists:${ownerId}`}, 0))`)
    },

    async countLists(ownerId: number, tx: Tx): Promise<number> {
      const [row] = await tx.select({ n: count() }).from(userLists).where(eq(userLists.ownerId, ownerId))
      return row?.n ?? 0
    },

    async insertList(row: { ownerId: number; name: string; createdAt: Date }, tx: Tx): Promise<UserListRow> {
      try {
        const [inserted] = await tx.insert(userLists).values(row).returning()
        if (!inserted) throw new Error('insert user_lists returned nothing')
        return inserted
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('ListNameTaken')
        throw error
      }
    },

    async renameList(id: number, name: string): Promise<UserListRow | undefined> {
      try {
        const [row] = await db.update(userLists).set({ name }).where(eq(userLists.id, id)).returning()
        return row
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('ListNameTaken')
        throw error
      }
    },

    async deleteList(id: number): Promise<void> {
      await db.delete(userLists).where(eq(userLists.id, id))
    },

    /** Adds a member to a locked list; counts it when new. Answers the list as it is now. */
    async addMember(list: UserListRow, userId: number, at: Date, tx: Tx): Promise<UserListRow> {
      const inserted = await tx
        .insert(userListMembers)
        .values({ listId: list.id, userId, addedAt: at })
        .onConflictDoNothing()
        .returning({ userId: userListMembers.userId })
      if (inserted.length === 0) return list
      return adjust(list.id, 1, tx)
    },

    /** Removes a member from a locked list; uncounts it when it was there. */
    async removeMember(list: UserListRow, userId: number, tx: Tx): Promise<UserListRow> {
      const deleted = await tx
        .delete(userListMembers)
        .where(and(eq(userListMembers.listId, list.id), eq(userListMembers.userId, userId)))
        .returning({ userId: userListMembers.userId })
      if (deleted.length === 0) return list
      return adjust(list.id, -1, tx)
    },

    async isMember(listId: number, userId: number, tx: Tx): Promise<boolean> {
      const rows = await tx
        .select({ userId: userListMembers.userId })
        .from(userListMembers)
        .where(and(eq(userListMembers.listId, listId), eq(userListMembers.userId, userId)))
      return rows.length > 0
    },
  }
}

async function adjust(listId: number, by: 1 | -1, tx: Tx): Promise<UserListRow> {
  const [row] = await tx
    .update(userLists)
    .set({ memberCount: sql`${userLists.memberCount} + ${by}` })
    .where(eq(userLists.id, listId))
    .returning()
  if (!row) throw new Error('list vanished while locked')
  return row
}

export type ListsRepo = ReturnType<typeof createListsRepo>
