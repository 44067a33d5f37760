import { sql } from 'drizzle-orm'
import type { Db } from '../../platform/db.ts'
import { AccountKind, SPENDING_KINDS, TransferKind } from './accounts.ts'

/**
 * A user's statement and spending totals, read from the ledger for the wallet (read-only: the ledger service
 * is the only writer). The ledger owns its tables; the wallet reaches them only through these queries. A
 * user's statement is every transfer that touched one of their accounts (coins, payout wallet) plus what
 * they started themselves without touching one (a membership paid by card).
 */

export interface StatementRow {
  id: number
  kind: number
  actorUserId: number | null
  counterpartyUserId: number | null
  itemType: string | null
  itemId: string | null
  meta: Record<string, unknown>
  createdAt: Date
  /** The sum of this transfer's postings on the user's coin wallet (0 when none). */
  coinsDelta: number
  /** The sum of this transfer's postings on the user's payout wallet (0 when none). */
  centsDelta: number
}

export interface StatementQuery {
  /** Transfers older than this id (the keyset cursor). */
  beforeId: number | null
  limit: number
  /** Only these transfer kinds (a filter); null for all. */
  kinds: number[] | null
  /** 'started': what the user did (spending); 'credited': what reached their wallets from others. */
  side: 'both' | 'started' | 'credited'
}

/** A list of transfer kinds inlined in SQL (small integers from our own constants, never input). */
function kindList(kinds: number[]) {
  return sql.raw(kinds.map((kind) => String(Math.trunc(kind))).join(','))
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows
}

/**
 * One page of a user's statement, newest first, keyed on the transfer id (identity, so it only grows).
 * `kinds` narrows it (a filter); `side` keeps only transfers where the user's wallets gained or lost.
 */
export async function statementPage(
  db: Db,
  userId: number,
  options: StatementQuery,
): Promise<StatementRow[]> {
  const before = options.beforeId ?? Number.MAX_SAFE_INTEGER
  const kindFilter = options.kinds ? sql`AND t.kind IN (${kindList(options.kinds)})` : sql``
  // Each branch walks an index newest first and stops at the page size; the union is then cut again.
  const credited = sql`(SELECT DISTINCT p.transfer_id AS id FROM ledger_postings p
      JOIN ledger_transfers t ON t.id = p.transfer_id
      WHERE p.account_id IN (SELECT id FROM ledger_accounts WHERE user_id = ${userId})
        AND p.transfer_id < ${before} ${kindFilter}
        ${options.side === 'credited' ? sql`AND t.actor_user_id IS DISTINCT FROM ${userId}` : sql``}
      ORDER BY p.transfer_id DESC LIMIT ${options.limit})`
  const started = sql`(SELECT t.id FROM ledger_transfers t
      WHERE t.actor_user_id = ${userId} AND t.id < ${before} ${kindFilter}
      ORDER BY t.id DESC LIMIT ${options.limit})`
  const ids =
    options.side === 'credited'
      ? credited
      : options.side === 'started'
        ? started
        : sql`${credited} UNION ${started}`
  const rows = rowsOf<{
    id: string | number
    kind: number
    actor_user_id: string | number | null
    counterparty_user_id: string | number | null
    item_type: string | null
    item_id: string | null
    meta: Record<string, unknown>
    created_at: string | Date
    coins_delta: string | number | null
    cents_delta: string | number | null
  }>(
    await db.execute(sql`
      WITH ids AS (${ids})
      SELECT t.id, t.kind, t.actor_user_id, t.counterparty_user_id, t.item_type, t.item_id, t.meta,
        t.created_at,
        (SELECT SUM(p.amount) FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id
          WHERE p.transfer_id = t.id AND a.user_id = ${userId} AND a.kind = ${AccountKind.FanCoins}) AS coins_delta,
        (SELECT SUM(p.amount) FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id
          WHERE p.transfer_id = t.id AND a.user_id = ${userId} AND a.kind = ${AccountKind.CreatorPayout}) AS cents_delta
      FROM ledger_transfers t
      WHERE t.id IN (SELECT id FROM ids)
      ORDER BY t.id DESC
      LIMIT ${options.limit}`),
  )
  return rows.map((row) => ({
    id: Number(row.id),
    kind: Number(row.kind),
    actorUserId: row.actor_user_id === null ? null : Number(row.actor_user_id),
    counterpartyUserId: row.counterparty_user_id === null ? null : Number(row.counterparty_user_id),
    itemType: row.item_type,
    itemId: row.item_id,
    meta: row.meta ?? {},
    createdAt: new Date(row.created_at),
    coinsDelta: Number(row.coins_delta ?? 0),
    centsDelta: Number(row.cents_delta ?? 0),
  }))
}

/**
 * US cents a fan spent since `since`: the gross of every sale they paid for (coins or card), less the
 * sales reversed since then (a chargeback's gross is negative).
 */
export async function spentCentsSince(db: Db, userId: number, since: Date): Promise<number> {
  const rows = rowsOf<{ total: string | number | null }>(
    await db.execute(sql`
      SELECT COALESCE(SUM((t.meta->>'gross_cents')::bigint), 0) AS total FROM ledger_transfers t
      WHERE t.actor_user_id = ${userId} AND t.created_at >= ${since}
        AND (t.kind IN (${kindList(SPENDING_KINDS)})
          OR (t.kind = ${TransferKind.Chargeback} AND EXISTS (
            SELECT 1 FROM ledger_transfers s
            WHERE s.id = t.reverses_id AND s.kind IN (${kindList(SPENDING_KINDS)}))))`),
  )
  return Number(rows[0]?.total ?? 0)
}

/** US cents credited to a user's payout wallet by sales since `since` (net and referral shares). */
export async function earnedCentsSince(db: Db, userId: number, since: Date): Promise<number> {
  const rows = rowsOf<{ total: string | number | null }>(
    await db.execute(sql`
      SELECT COALESCE(SUM(p.amount), 0) AS total FROM ledger_postings p
      JOIN ledger_accounts a ON a.id = p.account_id
      JOIN ledger_transfers t ON t.id = p.transfer_id
      WHERE a.user_id = ${userId} AND a.kind = ${AccountKind.CreatorPayout}
        AND p.amount > 0 AND p.created_at >= ${since}
        AND t.kind IN (${kindList(SPENDING_KINDS)})`),
  )
  return Number(rows[0]?.total ?? 0)
}
