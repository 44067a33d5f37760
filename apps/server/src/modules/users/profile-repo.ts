import { nameSkeleton } from '@velvet/contract'
import { and, eq, ne, sql } from 'drizzle-orm'
import { type Db, isUniqueViolation, type Tx } from '../../platform/db.ts'
import { AppError } from '../../platform/errors.ts'
import { lockUserNames, userNameSkeleton } from '../auth/index.ts'
import { type UserRow, users } from '../auth/schema.ts'
import { isNameReserved, recordNameChange, userByOldName } from '../social/username-history.ts'

type Conn = Db | Tx

type NameColumn = typeof users.userName

/** The same name, any letter case: how a profile is found by its name. */
const sameName = (column: NameColumn, name: string) => sql`lower(${column}) = lower(${name})`

/** A look-alike name (the same skeleton): what makes a name taken or reserved. */
const lookAlike = (column: NameColumn, name: string) =>
  sql`${userNameSkeleton(column)} = ${nameSkeleton(name)}`

/**
 * The profile's SQL: the public fields of `users` (nickname, user name, bio). The old user names that keep
 * redirecting and stay reserved for Social.usernameRedirectDays are social's (social/username-history.ts).
 */
export function createProfileRepo(db: Db) {
  return {
    transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
      return db.transaction(work)
    },

    async userById(id: number, conn: Conn = db): Promise<UserRow | undefined> {
      const [row] = await conn.select().from(users).where(eq(users.id, id))
      return row
    },

    async userByName(name: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(sameName(users.userName, name))
      return row
    },

    /** The user who gave up `name` most recently after `since` (the redirect window). */
    userByOldName: (name: string, since: Date): Promise<UserRow | undefined> =>
      userByOldName(db, name, since),

    /**
     * Whether anyone gave up `name` or a look-alike of it after `since` (it is reserved for them until the
     * window closes).
     */
    isNameReserved: (name: string, since: Date): Promise<boolean> => isNameReserved(db, name, since),

    /** Whether someone other than `userId` holds `name` or a look-alike now, or gave one up after `since`. */
    async isNameHeldByOther(name: string, userId: number, since: Date, tx: Tx): Promise<boolean> {
      const current = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(lookAlike(users.userName, name), ne(users.id, userId)))
        .limit(1)
      if (current.length > 0) return true
      return isNameReserved(tx, name, since, userId)
    },

    /**
     * Serialises every change that takes or gives up one of these names or a look-alike (sign-up takes the
     * same locks), so a name freed by one user cannot be taken by another before its history row exists.
     */
    lockNames: lockUserNames,

    async lockUser(id: number, tx: Tx): Promise<UserRow | undefined> {
      const [row] = await tx.select().from(users).where(eq(users.id, id)).for('update')
      return row
    },

    async updateProfile(
      id: number,
      fields: { nickname?: string; userName?: string; bio?: string },
      now: Date,
      tx: Tx,
    ): Promise<UserRow> {
      try {
        const [row] = await tx
          .update(users)
          .set({ ...fields, updatedAt: now })
          .where(eq(users.id, id))
          .returning()
        if (!row) throw new Error('user vanished while locked')
        return row
      } catch (error) {
        // Someone took the name between our check and this update: the unique index decides.
        if (isUniqueViolation(error)) throw new AppError('UsernameTaken')
        throw error
      }
    },

    /** Records a given-up name; a name taken back by its own user stops redirecting (it is current again). */
    recordNameChange: (userId: number, oldName: string, newName: string, now: Date, tx: Tx) =>
      recordNameChange(tx, userId, oldName, newName, now),
  }
}

export type ProfileRepo = ReturnType<typeof createProfileRepo>
