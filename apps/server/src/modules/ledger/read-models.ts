import { and, eq, gt, gte, inArray, lt, type SQL, sql, sum } from 'drizzle-orm'
import type { Db, Tx } from '../../platform/db.ts'
import { AccountKind, EARNING_KINDS, SPENDING_KINDS, TransferKind } from './accounts.ts'
import { ledgerAccounts, ledgerPostings, ledgerTransfers } from './schema.ts'

/**
 * The ledger as read by other modules: SQL fragments to embed in their queries and a few small queries. The
 * ledger owns its tables; other modules reach them only through these (the Drizzle tables stay private to
 * the ledger).
 */

/**
 * The statement lines of sales, for a FROM clause. Public columns: id, counterparty_user_id (the seller),
 * reverses_id (set on a refund line), meta (the sale's JSON: referrer_id, referral_cents and the like).
 */
export const saleLines: SQL = sql`ledger_transfers`

/**
 * The buyers who paid `sellerId` at least `minCents` (gross US cents) through spending kinds (unlocks, gifts,
 * paid messages, membership charges) since `since`, as a subquery of user ids (a mass message's spenders).
 */
export function spenderIds(sellerId: number, since: Date, minCents: number): SQL {
  const kinds = sql.raw(SPENDING_KINDS.map((kind) => String(Math.trunc(kind))).join(','))
  return sql`SELECT ${ledgerTransfers.actorUserId} FROM ${ledgerTransfers}
          WHERE ${ledgerTransfers.counterpartyUserId} = ${sellerId} AND ${ledgerTransfers.kind} IN (${kinds})
            AND ${ledgerTransfers.createdAt} >= ${since} AND ${ledgerTransfers.actorUserId} IS NOT NULL
          GROUP BY ${ledgerTransfers.actorUserId}
          HAVING SUM(COALESCE((${ledgerTransfers.meta}->>'gross_cents')::bigint, 0)) >= ${minCents}`
}

/**
 * Gross US cents `fan` has paid `creator` through spending kinds (unlocks, gifts, tips, paid messages,
 * membership charges), as a scalar subquery: what a creator sees as a fan's spend (the same measure as the
 * spenders of a mass message). Walks the fan's transfers (actor index).
 */
export function spentWith(fan: SQL, creator: SQL): SQL<number> {
  const kinds = sql.raw(SPENDING_KINDS.map((kind) => String(Math.trunc(kind))).join(','))
  return sql<number>`(SELECT COALESCE(SUM((t.meta->>'gross_cents')::bigint), 0) FROM ${ledgerTransfers} t
          WHERE t.actor_user_id = ${fan} AND t.counterparty_user_id = ${creator} AND t.kind IN (${kinds}))`
}

/** True when `buyer` unlocked the item (`itemType`, `itemId`) at or after `since`: an EXISTS condition. */
export function unlockedSince(buyer: SQL, itemType: string, itemId: SQL, since: SQL): SQL {
  return sql`EXISTS (
              SELECT 1 FROM ${ledgerTransfers} t
              WHERE t.actor_user_id = ${buyer} AND t.kind = ${TransferKind.Unlock}
                AND t.item_type = ${itemType} AND t.item_id = ${itemId}
                AND t.created_at >= ${since})`
}

/** A creator's earnings in [from, to) by transfer kind: what reached their payout wallet from sales. */
export async function earningsBetween(db: Db, userId: number, from: Date, to: Date) {
  const rows = await db
    .select({
      kind: ledgerTransfers.kind,
      count: sql<number>`count(DISTINCT ${ledgerTransfers.id})::int`,
      cents: sum(ledgerPostings.amount).mapWith(Number),
    })
    .from(ledgerPostings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
    .innerJoin(ledgerTransfers, eq(ledgerTransfers.id, ledgerPostings.transferId))
    .where(
      and(
        eq(ledgerAccounts.userId, userId),
        eq(ledgerAccounts.kind, AccountKind.CreatorPayout),
        gt(ledgerPostings.amount, 0),
        gte(ledgerPostings.createdAt, from),
        lt(ledgerPostings.createdAt, to),
        inArray(ledgerTransfers.kind, [...EARNING_KINDS]),
      ),
    )
    .groupBy(ledgerTransfers.kind)
  return rows.map((row) => ({ kind: row.kind, count: row.count, cents: row.cents ?? 0 }))
}

/** Whether `fanId` has ever paid `creatorId` (an unlock, gift, paid message or membership). */
export async function hasSpentWith(conn: Db | Tx, fanId: number, creatorId: number): Promise<boolean> {
  const kinds = sql.raw(SPENDING_KINDS.map((kind) => String(Math.trunc(kind))).join(','))
  const result = (await conn.execute(sql`
        SELECT EXISTS (
          SELECT 1 FROM ledger_transfers
          WHERE actor_user_id = ${fanId} AND counterparty_user_id = ${creatorId} AND kind IN (${kinds})
        ) AS spent`)) as unknown as { rows: { spent: boolean }[] }
  return result.rows[0]?.spent === true
}

/** Which of these items (`itemType`, one of `keys`) a buyer has unlocked. */
export async function unlockedItems(
  conn: Db | Tx,
  buyerId: number,
  itemType: string,
  keys: string[],
): Promise<Set<string>> {
  if (keys.length === 0) return new Set()
  const result = (await conn.execute(sql`
        SELECT item_id FROM ledger_transfers
        WHERE actor_user_id = ${buyerId} AND kind = ${TransferKind.Unlock} AND item_type = ${itemType}
          AND item_id IN (${sql.join(
            keys.map((key) => sql`${key}`),
            sql`, `,
          )})`)) as unknown as { rows: { item_id: string }[] }
  return new Set(result.rows.map((row) => row.item_id))
}

/**
 * What sales credited to a user's payout wallet since `since` (the sales still clearing), less what their
 * reversals (refunds, chargebacks) took back, and when the oldest of those sales was. Net shares and
 * referral shares alike.
 */
export async function clearingEarnings(
  conn: Db | Tx,
  userId: number,
  since: Date,
): Promise<{ cents: number; oldestAt: Date | null }> {
  const kinds = sql.raw(SPENDING_KINDS.map((kind) => String(Math.trunc(kind))).join(','))
  const result = await conn.execute(sql`
    SELECT COALESCE(SUM(p.amount), 0) AS cents,
      MIN(COALESCE(s.created_at, t.created_at)) FILTER (WHERE p.amount > 0) AS oldest_at
    FROM ledger_postings p
    JOIN ledger_accounts a ON a.id = p.account_id
    JOIN ledger_transfers t ON t.id = p.transfer_id
    LEFT JOIN ledger_transfers s ON s.id = t.reverses_id
    WHERE a.user_id = ${userId} AND a.kind = ${AccountKind.CreatorPayout}
      AND p.created_at >= ${since}
      AND ((t.kind IN (${kinds}) AND t.created_at >= ${since})
        OR (s.kind IN (${kinds}) AND s.created_at >= ${since}))`)
  const [row] = (result as unknown as { rows: { cents: string | number; oldest_at: string | Date | null }[] })
    .rows
  return {
    cents: Math.max(0, Number(row?.cents ?? 0)),
    oldestAt: row?.oldest_at ? new Date(row.oldest_at) : null,
  }
}
