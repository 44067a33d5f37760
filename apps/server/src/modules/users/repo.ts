import { and, eq, isNull, lt, or } from 'drizzle-orm'
import type { Db } from '../../platform/db.ts'
import { users } from '../auth/schema.ts'

/**
 * The users module's SQL. The users table belongs to auth (identity); this module writes only the
 * columns about presence and client prompts, and reads the public role of a target.
 */
export function createUsersRepo(db: Db) {
  return {
    async touchLastSeen(userId: number, now: Date): Promise<void> {
      await db.update(users).set({ lastSeenAt: now }).where(eq(users.id, userId))
    },

    async setOpenSource(userId: number, openSource: number): Promise<void> {
      await db.update(users).set({ lastOpenSource: openSource }).where(eq(users.id, userId))
    },

    /** Records the install prompt unless one was shown since `notBefore`; true when this call recorded it. */
    async claimInstallPrompt(userId: number, now: Date, notBefore: Date): Promise<boolean> {
      const rows = await db
        .update(users)
        .set({ installPromptedAt: now })
        .where(
          and(
            eq(users.id, userId),
            or(isNull(users.installPromptedAt), lt(users.installPromptedAt, notBefore)),
          ),
        )
        .returning({ id: users.id })
      return rows.length > 0
    },

    async roleOf(userId: number): Promise<number | undefined> {
      const [row] = await db.select({ role: users.userRole }).from(users).where(eq(users.id, userId))
      return row?.role
    },

    async adultConfirmedAt(userId: number): Promise<Date | null> {
      const [row] = await db.select({ at: users.adultConfirmedAt }).from(users).where(eq(users.id, userId))
      return row?.at ?? null
    },

    async confirmAdult(userId: number, now: Date): Promise<void> {
      await db
        .update(users)
        .set({ adultConfirmedAt: now })
        .where(and(eq(users.id, userId), isNull(users.adultConfirmedAt)))
    },
  }
}

export type UsersRepo = ReturnType<typeof createUsersRepo>
