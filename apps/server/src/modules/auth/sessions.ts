import { and, desc, eq, gt, isNull, ne } from 'drizzle-orm'
import type { Db, Tx } from '../../platform/db.ts'
import { sessions } from './schema.ts'

/**
 * A user's sessions as the account module lists and ends them (the "devices" of /user/account). Auth owns
 * the sessions table; account reaches it only through these queries, published in auth/index.ts.
 */

type Conn = Db | Tx

/** Neither revoked nor expired at `now`. */
const live = (now: Date) => and(isNull(sessions.revokedAt), gt(sessions.expiresAt, now))

/** Live sessions of a user, newest first. */
export function liveSessions(conn: Conn, userId: number, now: Date, limit: number) {
  return conn
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      country: sessions.country,
      createdAt: sessions.createdAt,
      lastUsedAt: sessions.lastUsedAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), live(now)))
    .orderBy(desc(sessions.createdAt), desc(sessions.id))
    .limit(limit)
}

/** The live session `sessionId` with its user, or undefined. */
export async function liveSessionOwner(conn: Conn, sessionId: number, now: Date) {
  const [row] = await conn
    .select({ id: sessions.id, userId: sessions.userId })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), live(now)))
  return row
}

/** Revokes one live session of the user; answers whether it did. */
export async function revokeUserSession(conn: Conn, userId: number, sessionId: number, now: Date) {
  const rows = await conn
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), live(now)))
    .returning({ id: sessions.id })
  return rows.length > 0
}

/** Revokes every live session of the user except `keepId`; answers the revoked ids. */
export async function revokeOtherUserSessions(conn: Conn, userId: number, keepId: number, now: Date) {
  const rows = await conn
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepId), live(now)))
    .returning({ id: sessions.id })
  return rows.map((r) => r.id)
}

/** Revokes every session of the user not yet revoked (expired ones too); answers the revoked ids. */
export async function revokeAllUserSessions(conn: Conn, userId: number, now: Date) {
  const rows = await conn
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id })
  return rows.map((r) => r.id)
}
