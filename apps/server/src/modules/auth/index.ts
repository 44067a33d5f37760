import { nameSkeleton } from '@velvet/contract'
import { sql } from 'drizzle-orm'
import type { Tx } from '../../platform/db.ts'

// What auth publishes to other modules besides its service. (The shared `users` table and `UserRow` come
// from auth/schema.ts, the one exception of docs/ARCHITECTURE.md, "Module boundaries".)

/**
 * Serialises every change that takes or gives up a user name with one of these skeletons (transaction-scoped
 * advisory locks, in a fixed order): sign-up and renames check "no look-alike is taken" and then write, and
 * no unique index covers look-alikes.
 */
export async function lockUserNames(names: string[], tx: Tx): Promise<void> {
  const keys = [...new Set(names.map((name) => `user_name:${nameSkeleton(name)}`))].sort()
  for (const key of keys) await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`)
}

// The look-alike key of a user name column (the SQL twin of the contract's nameSkeleton), for other modules
// that compare names (the users module's rename history).
export { userNameSkeleton } from './schema.ts'

// A user's sessions as the account module lists and ends them.
export {
  liveSessionOwner,
  liveSessions,
  revokeAllUserSessions,
  revokeOtherUserSessions,
  revokeUserSession,
} from './sessions.ts'
