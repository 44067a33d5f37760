import { type SQL, sql } from 'drizzle-orm'

/**
 * Creator verification as read by other modules (referrals), in raw SQL. Creator owns creator_audits and
 * creator_verifications; other modules name them only through these fragments.
 */

/**
 * The host-verification answers, for a FROM clause. Public columns: user_id, referrer_code (the creator
 * name the applicant gave, '' when none) and updated_at.
 */
export const verificationAnswers: SQL = sql`creator_audits`

/** When the creator verification of `userId` was first approved, or null: a scalar subquery. */
export function verificationApprovedAt(userId: SQL): SQL {
  return sql`(SELECT min(v.decided_at) FROM creator_verifications v
                WHERE v.user_id = ${userId} AND v.status = 'approved')`
}
