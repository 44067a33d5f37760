import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../platform/db.ts'
import {
  liveSessionOwner,
  liveSessions,
  revokeAllUserSessions,
  revokeOtherUserSessions,
  revokeUserSession,
} from '../auth/index.ts'
import { users } from '../auth/schema.ts'
import { legalAcceptances } from './schema.ts'

type Conn = Db | Tx

/**
 * Every SQL statement of the account module: its columns of `users` and legal acceptances. The sessions
 * list goes through the session queries auth publishes (auth/sessions.ts, via auth/index.ts).
 */
export function createAccountRepo(db: Db) {
  return {
    async account(userId: number, conn: Conn = db) {
      const [row] = await conn
        .select({
          id: users.id,
          email: users.email,
          googleSub: users.googleSub,
          createdAt: users.createdAt,
          showAdultContent: users.showAdultContent,
          blurPreviews: users.blurPreviews,
          emailOptOuts: users.emailOptOuts,
          deletedAt: users.deletedAt,
        })
        .from(users)
        .where(eq(users.id, userId))
      return row
    },

    async updateAdultSettings(userId: number, patch: { showAdultContent?: boolean; blurPreviews?: boolean }) {
      const [row] = await db
        .update(users)
        .set({ ...patch, updatedAt: sql`now()` })
        .where(eq(users.id, userId))
        .returning({ showAdultContent: users.showAdultContent, blurPreviews: users.blurPreviews })
      return row
    },

    /** Turns e-mail categories off (`off`) and back on (`on`) in one statement; answers the new opt-outs. */
    async setEmailCategories(userId: number, change: { off: string[]; on: string[] }) {
      const added = JSON.stringify(Object.fromEntries(change.off.map((c) => [c, true])))
      const [row] = await db
        .update(users)
        .set({
          // Category names are identifiers (no commas): the list travels as one text parameter.
          emailOptOuts: sql`(${users.emailOptOuts} - string_to_array(${change.on.join(',')}, ',')) || ${added}::jsonb`,
          updatedAt: sql`now()`,
        })
        .where(and(eq(users.id, userId), isNull(users.deletedAt)))
        .returning({ email: users.email, emailOptOuts: users.emailOptOuts })
      return row
    },

    /** Live sessions of a user, newest first. */
    liveSessions: (userId: number, now: Date, limit: number) => liveSessions(db, userId, now, limit),

    sessionOwner: (sessionId: number, now: Date) => liveSessionOwner(db, sessionId, now),

    /** Revokes one live session of the user; answers whether it did. */
    revokeSession: (userId: number, sessionId: number, now: Date): Promise<boolean> =>
      revokeUserSession(db, userId, sessionId, now),

    /** Revokes every live session of the user except `keepId`; answers the revoked ids. */
    revokeOtherSessions: (userId: number, keepId: number, now: Date): Promise<number[]> =>
      revokeOtherUserSessions(db, userId, keepId, now),

    /**
     * Deletes an account: the row stays (ids are referenced) with every personal field cleared, other
     * modules forget it (`alsoInTransaction`) and every session is revoked, in one transaction. Answers the revoked session ids, or null if already deleted.
     */
    async deleteAccount(
      userId: number,
      now: Date,
      alsoInTransaction: (tx: Tx) => Promise<void>,
    ): Promise<number[] | null> {
      return db.transaction(async (tx) => {
        const cleared = await tx
          .update(users)
          .set({
            email: null,
            googleSub: null,
            birthday: null,
            nickname: null,
            bio: '',
            portrait: null,
            userName: null,
            emailOptOuts: {},
            deletedAt: now,
            updatedAt: now,
          })
          .where(and(eq(users.id, userId), isNull(users.deletedAt)))
          .returning({ id: users.id })
        if (cleared.length === 0) return null
        await alsoInTransaction(tx)
        return revokeAllUserSessions(tx, userId, now)
      })
    },

    async recordAcceptances(
      userId: number,
      documents: { kind: string; version: string }[],
      ip: string | null,
      acceptedAt: Date,
      conn: Conn = db,
    ): Promise<void> {
      if (documents.length === 0) return
      await conn.insert(legalAcceptances).values(documents.map((d) => ({ userId, ...d, ip, acceptedAt })))
    },

    /** The first acceptance time of each (kind, version) the user accepted, among `kinds`. */
    async acceptances(userId: number, kinds: readonly string[]) {
      return db
        .select({
          kind: legalAcceptances.kind,
          version: legalAcceptances.version,
          acceptedAt: sql<Date>`min(${legalAcceptances.acceptedAt})`.mapWith(
            (v: string | Date) => new Date(v),
          ),
        })
        .from(legalAcceptances)
        .where(and(eq(legalAcceptances.userId, userId), inArray(legalAcceptances.kind, [...kinds])))
        .groupBy(legalAcceptances.kind, legalAcceptances.version)
    },
  }
}

export type AccountRepo = ReturnType<typeof createAccountRepo>
