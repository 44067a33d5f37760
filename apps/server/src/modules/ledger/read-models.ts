import { type SQL, sql } from 'drizzle-orm'

/**
 * The ledger as read by other modules in raw SQL. The ledger owns its tables; other modules name them only
 * through these fragments (the Drizzle tables stay private to the ledger).
 */

/**
 * The statement lines of sales, for a FROM clause. Public columns: counterparty_user_id (the seller),
 * reverses_id (set on a refund line), meta (the sale's JSON: referrer_id, referral_cents and the like).
 */
export const saleLines: SQL = sql`ledger_transfers`
