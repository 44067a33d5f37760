import { UserRole } from '@velvet/contract'
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm'
import { type Db, executePrepared, type Tx } from '../../platform/db.ts'
import { users } from '../auth/schema.ts'
import { verificationAnswers, verificationApprovedAt } from '../creator/read-models.ts'
import { saleLines } from '../ledger/read-models.ts'
import { referrals } from './schema.ts'

type Conn = Db | Tx

export const ReferralSource = { Link: 1, Audit: 2 } as const

export interface PersonRow {
  id: number
  userName: string | null
  nickname: string | null
  portrait: string | null
  userRole: number
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows
}

/**
 * Turns host-verification answers that name a live creator into referral rows (an earlier link wins), for
 * the audits `where` selects.
 */
function adoptionSql(where: SQL, returning: SQL = sql``): SQL {
  return sql`
    INSERT INTO referrals (referred_id, referrer_id, source, created_at)
    SELECT a.user_id, r.id, ${ReferralSource.Audit}, a.updated_at
    FROM ${verificationAnswers} a
    JOIN users r ON lower(r.user_name) = lower(a.referrer_code)
      AND r.user_role = ${UserRole.Creator} AND r.deleted_at IS NULL
    WHERE a.referrer_code <> '' AND r.id <> a.user_id AND ${where}
    ON CONFLICT (referred_id) DO NOTHING ${returning}`
}

/**
 * The SQL of referrals. It reads, never writes, what other modules publish: host verification's referrer
 * answer and approval time (creator/read-models.ts), and the sales' statement lines
 * (ledger/read-models.ts, meta.referrer_id / referral_cents).
 */
export function createReferralsRepo(db: Db) {
  return {
    db,

    /** A live creator by referral code (their username, case-insensitively). */
    async creatorByCode(code: string): Promise<PersonRow | null> {
      const rows = await db
        .select({
          id: users.id,
          userName: users.userName,
          nickname: users.nickname,
          portrait: users.portrait,
          userRole: users.userRole,
        })
        .from(users)
        .where(
          and(
            sql`lower(${users.userName}) = lower(${code})`,
            eq(users.userRole, UserRole.Creator),
            isNull(users.deletedAt),
          ),
        )
      return rows[0] ?? null
    },

    async person(id: number): Promise<PersonRow | null> {
      const rows = await db
        .select({
          id: users.id,
          userName: users.userName,
          nickname: users.nickname,
          portrait: users.portrait,
          userRole: users.userRole,
        })
        .from(users)
        .where(eq(users.id, id))
      return rows[0] ?? null
    },

    async referrerIdOf(referredId: number, conn: Conn = db): Promise<number | null> {
      const rows = await conn
        .select({ referrerId: referrals.referrerId })
        .from(referrals)
        .where(eq(referrals.referredId, referredId))
      return rows[0]?.referrerId ?? null
    },

    /**
     * Records a referral from a link once per referred user (first one wins); the user's `referrer_code`
     * (spec §3 User) is set with it when empty. False when one exists already.
     */
    async bind(referredId: number, referrerId: number, code: string, at: Date): Promise<boolean> {
      return db.transaction(async (tx) => {
        const inserted = await tx
          .insert(referrals)
          .values({ referredId, referrerId, source: ReferralSource.Link, createdAt: at })
          .onConflictDoNothing()
          .returning({ id: referrals.referredId })
        if (inserted.length === 0) return false
        await tx
          .update(users)
          .set({ referrerCode: code })
          .where(and(eq(users.id, referredId), isNull(users.referrerCode)))
        return true
      })
    },

    /**
     * Turns host-verification answers that name a live creator into referral rows (once; an earlier link
     * wins): for one referred user, or for every user who named `referrerId`.
     */
    async adoptAuditAnswers(scope: { referredId: number } | { referrerId: number }, conn: Conn = db) {
      const where =
        'referredId' in scope ? sql`a.user_id = ${scope.referredId}` : sql`r.id = ${scope.referrerId}`
      await conn.execute(adoptionSql(where))
    },

    /**
     * The referrer of a referred user and when the referral's 12 months start: when the referred user's
     * identity check was approved (they became a creator), else when the referral was recorded. Null when
     * there is none or the referrer's account is gone. A host-verification answer naming a creator becomes
     * the referral first, in the same statement (every sale asks this: one round trip).
     */
    async referralOf(referredId: number, conn: Conn = db) {
      const rows = await executePrepared<{ referrer_id: string | number; starts_at: string | Date }>(
        conn,
        'referral_of',
        sql`
          WITH adopted AS (${adoptionSql(
            sql`a.user_id = ${referredId} AND NOT EXISTS (SELECT 1 FROM referrals x WHERE x.referred_id = ${referredId})`,
            sql`RETURNING referred_id, referrer_id, created_at`,
          )}),
          found AS (
            SELECT referred_id, referrer_id, created_at FROM referrals WHERE referred_id = ${referredId}
            UNION ALL SELECT referred_id, referrer_id, created_at FROM adopted
          )
          SELECT r.referrer_id,
            COALESCE(
              ${verificationApprovedAt(sql`r.referred_id`)},
              r.created_at) AS starts_at
          FROM found r
          JOIN users ru ON ru.id = r.referrer_id AND ru.deleted_at IS NULL
          LIMIT 1`,
      )
      const row = rows[0]
      return row ? { referrerId: Number(row.referrer_id), startsAt: new Date(row.starts_at) } : null
    },

    /** My referred users, newest first (keyset on created_at, referred_id), with their start date. */
    async referredBy(referrerId: number, before: { at: Date; id: number } | null, limit: number) {
      const after = before
        ? sql`AND (r.created_at, r.referred_id) < (${before.at.toISOString()}::timestamptz, ${before.id})`
        : sql``
      const rows = rowsOf<{
        referred_id: string | number
        created_at: string | Date
        starts_at: string | Date
        user_name: string | null
        nickname: string | null
        portrait: string | null
        user_role: number
      }>(
        await db.execute(sql`
          SELECT r.referred_id, r.created_at, u.user_name, u.nickname, u.portrait, u.user_role,
            COALESCE(
              ${verificationApprovedAt(sql`r.referred_id`)},
              r.created_at) AS starts_at
          FROM referrals r JOIN users u ON u.id = r.referred_id
          WHERE r.referrer_id = ${referrerId} ${after}
          ORDER BY r.created_at DESC, r.referred_id DESC
          LIMIT ${limit}`),
      )
      return rows.map((row) => ({
        referredId: Number(row.referred_id),
        createdAt: new Date(row.created_at),
        startsAt: new Date(row.starts_at),
        userName: row.user_name,
        nickname: row.nickname,
        portrait: row.portrait,
        userRole: Number(row.user_role),
      }))
    },

    /** How many users I referred, and how many of them are still inside their 12 months at `at`. */
    async counts(referrerId: number, at: Date, months: number) {
      const rows = rowsOf<{ referred: string | number; earning: string | number }>(
        await db.execute(sql`
          SELECT count(*) AS referred,
            count(*) FILTER (WHERE s.starts_at + make_interval(months => ${months}) > ${at.toISOString()}::timestamptz) AS earning
          FROM (
            SELECT COALESCE(
              ${verificationApprovedAt(sql`r.referred_id`)},
              r.created_at) AS starts_at
            FROM referrals r WHERE r.referrer_id = ${referrerId}) s`),
      )
      return { referred: Number(rows[0]?.referred ?? 0), earning: Number(rows[0]?.earning ?? 0) }
    },

    /** What a referrer earned per referred creator (the sales' referral lines). */
    async earnedFrom(referrerId: number, creatorIds: number[] | null) {
      const among =
        creatorIds === null
          ? sql``
          : creatorIds.length === 0
            ? sql`AND false`
            : sql`AND counterparty_user_id IN (${sql.join(
                creatorIds.map((id) => sql`${id}`),
                sql`, `,
              )})`
      const rows = rowsOf<{ creator_id: string | number; sales: string | number; cents: string | number }>(
        await db.execute(sql`
          SELECT counterparty_user_id AS creator_id, count(*) FILTER (WHERE reverses_id IS NULL) AS sales,
            coalesce(sum((meta->>'referral_cents')::bigint), 0) AS cents
          FROM ${saleLines}
          WHERE meta->>'referrer_id' = ${String(referrerId)} ${among}
          GROUP BY counterparty_user_id`),
      )
      return new Map(
        rows.map((r) => [Number(r.creator_id), { sales: Number(r.sales), cents: Number(r.cents) }]),
      )
    },
  }
}

export type ReferralsRepo = ReturnType<typeof createReferralsRepo>
