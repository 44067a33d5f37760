import { inArray } from 'drizzle-orm'
import type { Db } from '../../platform/db.ts'
import type { UserRow } from '../auth/schema.ts'
import { users } from '../auth/schema.ts'
import { SPENDING_KINDS } from '../ledger/accounts.ts'
import {
  earnedCentsSince,
  type StatementQuery,
  type StatementRow,
  spentCentsSince,
  statementPage,
} from '../ledger/statements.ts'

export type { StatementQuery, StatementRow }

/**
 * The wallet's reads: the statement and spending totals come from the ledger's statement queries
 * (ledger/statements.ts); the people named on a page from `users`.
 */

export type UserCardRow = Pick<
  UserRow,
  'id' | 'userName' | 'nickname' | 'portrait' | 'userRole' | 'deletedAt'
>

// Transfer kinds a fan pays for: the ledger's list, re-exported for wallet's presenters and service.
export { SPENDING_KINDS }

export function createWalletRepo(db: Db) {
  return {
    /**
     * One page of a user's statement, newest first, keyed on the transfer id (identity, so it only grows).
     * `kinds` narrows it (a filter); `side` keeps only transfers where the user's wallets gained or lost.
     */
    statement: (userId: number, options: StatementQuery): Promise<StatementRow[]> =>
      statementPage(db, userId, options),

    /** US cents a fan spent since `since`, less the sales reversed since then. */
    spentCentsSince: (userId: number, since: Date): Promise<number> => spentCentsSince(db, userId, since),

    /** US cents credited to a user's payout wallet by sales since `since` (net and referral shares). */
    earnedCentsSince: (userId: number, since: Date): Promise<number> => earnedCentsSince(db, userId, since),

    /** The people named on a page (counterparties, gift recipients), by id. */
    async userCards(ids: number[]): Promise<Map<number, UserCardRow>> {
      if (ids.length === 0) return new Map()
      const rows = await db
        .select({
          id: users.id,
          userName: users.userName,
          nickname: users.nickname,
          portrait: users.portrait,
          userRole: users.userRole,
          deletedAt: users.deletedAt,
        })
        .from(users)
        .where(inArray(users.id, [...new Set(ids)]))
      return new Map(rows.map((row) => [row.id, row]))
    },
  }
}

export type WalletRepo = ReturnType<typeof createWalletRepo>
