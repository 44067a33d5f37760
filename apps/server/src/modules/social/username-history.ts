import { nameSkeleton } from '@velvet/contract'
import { and, desc, eq, gt, ne, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../platform/db.ts'
import { userNameSkeleton } from '../auth/index.ts'
import { type UserRow, users } from '../auth/schema.ts'
import { usernameHistory } from './schema.ts'

/**
 * The user names people gave up: they keep redirecting to the profile and stay reserved for
 * Social.usernameRedirectDays. Social owns the history; the users module (which renames) reads and writes
 * it only through these queries.
 */

type Conn = Db | Tx

/** The same name, any letter case. */
const sameName = (name: string) => sql`lower(${usernameHistory.userName}) = lower(${name})`

/** A look-alike name (the same skeleton). */
const lookAlike = (name: string) => sql`${userNameSkeleton(usernameHistory.userName)} = ${nameSkeleton(name)}`

/** The user who gave up `name` most recently after `since` (the redirect window). */
export async function userByOldName(conn: Conn, name: string, since: Date): Promise<UserRow | undefined> {
  const [row] = await conn
    .select({ user: users })
    .from(usernameHistory)
    .innerJoin(users, eq(users.id, usernameHistory.userId))
    .where(and(sameName(name), gt(usernameHistory.changedAt, since)))
    .orderBy(desc(usernameHistory.changedAt), desc(usernameHistory.id))
    .limit(1)
  return row?.user
}

/**
 * Whether anyone (other than `exceptUserId` when given) gave up `name` or a look-alike of it after `since`
 * (it is reserved for them until the window closes).
 */
export async function isNameReserved(
  conn: Conn,
  name: string,
  since: Date,
  exceptUserId?: number,
): Promise<boolean> {
  const rows = await conn
    .select({ id: usernameHistory.id })
    .from(usernameHistory)
    .where(
      and(
        lookAlike(name),
        exceptUserId === undefined ? undefined : ne(usernameHistory.userId, exceptUserId),
        gt(usernameHistory.changedAt, since),
      ),
    )
    .limit(1)
  return rows.length > 0
}

/** Records a given-up name; a name taken back by its own user stops redirecting (it is current again). */
export async function recordNameChange(tx: Tx, userId: number, oldName: string, newName: string, now: Date) {
  await tx.delete(usernameHistory).where(and(eq(usernameHistory.userId, userId), sameName(newName)))
  await tx.insert(usernameHistory).values({ userId, userName: oldName, changedAt: now })
}
