import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm'
import { type Db, executePrepared, type Tx } from '../../platform/db.ts'
import { SYSTEM_ACCOUNT_UNITS, type Unit } from './accounts.ts'
import { idempotencyRecords, ledgerAccounts, ledgerPostings, ledgerTransfers } from './schema.ts'

type Conn = Db | Tx

export interface TransferRow {
  id: number
  kind: number
  idempotencyKey: string
  actorUserId: number | null
  counterpartyUserId: number | null
  itemType: string | null
  itemId: string | null
  reversesId: number | null
  meta: Record<string, unknown>
  createdAt: Date
}

export interface NewTransfer {
  kind: number
  idempotencyKey: string
  actorUserId: number | null
  counterpartyUserId: number | null
  itemType: string | null
  itemId: string | null
  reversesId: number | null
  meta: Record<string, unknown>
  createdAt: Date
}

export interface StoredAnswer {
  scope: string
  requestHash: string
  status: number
  response: unknown
}

/** The net change of one user account in a transfer (credit ≥ 0, debit < 0). */
export interface UserMove {
  kind: number
  userId: number
  unit: Unit
  net: number
}

/** A posting line: on a user account (kind and user) or a system account (its id). */
export type PostingLine = { unit: Unit; amount: number } & (
  | { kind: number; userId: number; accountId?: undefined }
  | { accountId: number; kind?: undefined; userId?: undefined }
)

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows
}

/** `(VALUES …) AS m(kind, user_id, unit, net)` of user moves (an empty typed set when there are none). */
function movesTable(moves: UserMove[]): SQL {
  if (moves.length === 0)
    return sql`(SELECT 0::smallint AS kind, 0::bigint AS user_id, 0::smallint AS unit, 0::bigint AS net WHERE false) AS m`
  const rows = moves.map(
    (move) =>
      sql`(${move.kind}::smallint, ${move.userId}::bigint, ${move.unit}::smallint, ${move.net}::bigint)`,
  )
  return sql`(VALUES ${sql.join(rows, sql`, `)}) AS m(kind, user_id, unit, net)`
}

/** `(VALUES …) AS p(ord, kind, user_id, account_id, unit, amount)` of posting lines, in their order. */
function postingsTable(lines: PostingLine[]): SQL {
  const rows = lines.map(
    (line, ord) =>
      sql`(${ord}::int, ${line.kind ?? null}::smallint, ${line.userId ?? null}::bigint, ${line.accountId ?? null}::bigint, ${line.unit}::smallint, ${line.amount}::bigint)`,
  )
  return sql`(VALUES ${sql.join(rows, sql`, `)}) AS p(ord, kind, user_id, account_id, unit, amount)`
}

/** The only SQL that writes the ledger tables (DESIGN §4: one service moves money). */
export function createLedgerRepo(db: Db) {
  return {
    db,

    /** Creates the system accounts once and answers their ids by kind. */
    async systemAccounts(): Promise<Map<number, number>> {
      const kinds = Object.entries(SYSTEM_ACCOUNT_UNITS).map(([kind, unit]) => ({
        kind: Number(kind),
        unit,
      }))
      await db
        .insert(ledgerAccounts)
        .values(kinds.map(({ kind, unit }) => ({ kind, unit, userId: null })))
        .onConflictDoNothing()
      const rows = await db
        .select({ id: ledgerAccounts.id, kind: ledgerAccounts.kind })
        .from(ledgerAccounts)
        .where(isNull(ledgerAccounts.userId))
      return new Map(rows.map((row) => [row.kind, row.id]))
    },

    /**
     * Writes a whole transfer in one statement (one round trip; bench/ledger): the transfer row unless its
     * key (or, for unlocks, its buyer and item) exists, the user balance changes — a debit only where the
     * balance covers it — and every posting. When a debit is short nothing but the transfer row is written
     * and the caller's transaction must roll back (the service throws). Answers the new transfer's id (null
     * when the row existed) and which user accounts were debited.
     *
     * `moves` come sorted by (kind, user): when a transfer touches several user accounts, the existing ones
     * are locked first, all in that order (`locked`), before any is debited or credited. Debiting first and
     * crediting after would lock a sale's accounts (fan coins, creator payout) in the opposite order of its
     * refund's (creator payout, fan coins), and the two could deadlock.
     */
    async writeTransfer(tx: Tx, row: NewTransfer, moves: UserMove[], postings: PostingLine[]) {
      const debits = moves.filter((move) => move.net < 0)
      const credits = moves.filter((move) => move.net >= 0)
      const lockFirst = moves.length > 1
      // An uncorrelated condition: evaluated once, before the statement touches its first row.
      const afterLock = lockFirst ? sql`AND (SELECT count(*) FROM locked) >= 0` : sql``
      const rows = await executePrepared<{ transfer_id: string | number | null; debited: string | null }>(
        tx,
        `ledger_transfer_${debits.length}_${credits.length}_${postings.length}`,
        sql`
          WITH ${
            lockFirst
              ? sql`locked AS MATERIALIZED (
            SELECT a.id FROM ledger_accounts a
            JOIN ${movesTable(moves)} ON a.user_id = m.user_id AND a.kind = m.kind
            ORDER BY a.kind, a.user_id
            FOR UPDATE OF a
          ),`
              : sql``
          } t AS (
            INSERT INTO ledger_transfers (kind, idempotency_key, actor_user_id, counterparty_user_id,
              item_type, item_id, reverses_id, meta, created_at)
            VALUES (${row.kind}, ${row.idempotencyKey}, ${row.actorUserId}::bigint,
              ${row.counterpartyUserId}::bigint, ${row.itemType}::text, ${row.itemId}::text,
              ${row.reversesId}::bigint, ${JSON.stringify(row.meta)}::jsonb, ${row.createdAt.toISOString()}::timestamptz)
            ON CONFLICT DO NOTHING
            RETURNING id
          ),
          debited AS (
            UPDATE ledger_accounts a SET balance = a.balance + m.net
            FROM ${movesTable(debits)}
            WHERE EXISTS (SELECT 1 FROM t) ${afterLock} AND a.user_id = m.user_id AND a.kind = m.kind
              AND a.balance + m.net >= 0
            RETURNING a.id, a.kind, a.user_id
          ),
          credited AS (
            INSERT INTO ledger_accounts (kind, user_id, unit, balance)
            SELECT m.kind, m.user_id, m.unit, m.net FROM ${movesTable(credits)}
            WHERE EXISTS (SELECT 1 FROM t) ${afterLock} AND (SELECT count(*) FROM debited) = ${debits.length}
            ON CONFLICT (user_id, kind) WHERE user_id IS NOT NULL
            DO UPDATE SET balance = ledger_accounts.balance + EXCLUDED.balance
            RETURNING id, kind, user_id
          ),
          moved AS (
            SELECT id, kind, user_id FROM debited UNION ALL SELECT id, kind, user_id FROM credited
          ),
          posted AS (
            INSERT INTO ledger_postings (transfer_id, account_id, unit, amount, created_at)
            SELECT t.id, COALESCE(a.id, p.account_id), p.unit, p.amount, ${row.createdAt.toISOString()}::timestamptz
            FROM t CROSS JOIN ${postingsTable(postings)}
            LEFT JOIN moved a ON a.kind = p.kind AND a.user_id = p.user_id
            WHERE (SELECT count(*) FROM debited) = ${debits.length}
            ORDER BY p.ord
            RETURNING id
          )
          SELECT (SELECT id FROM t) AS transfer_id,
            (SELECT string_agg(kind || ':' || user_id, ',') FROM debited) AS debited,
            (SELECT count(*) FROM posted) AS posted`,
      )
      const answer = rows[0]
      const debited = new Set(answer?.debited ? answer.debited.split(',') : [])
      return {
        transferId: answer?.transfer_id == null ? null : Number(answer.transfer_id),
        short: debits.filter((move) => !debited.has(`${move.kind}:${move.userId}`)),
      }
    },

    async transferByKey(conn: Conn, idempotencyKey: string): Promise<TransferRow | null> {
      const rows = await conn
        .select()
        .from(ledgerTransfers)
        .where(eq(ledgerTransfers.idempotencyKey, idempotencyKey))
      return rows[0] ?? null
    },

    async transferById(conn: Conn, id: number): Promise<TransferRow | null> {
      const rows = await conn.select().from(ledgerTransfers).where(eq(ledgerTransfers.id, id))
      return rows[0] ?? null
    },

    /** The unlock of an item by a buyer, if there is one (ledger_transfers_unlock_once_idx). */
    async unlockOf(
      conn: Conn,
      buyerId: number,
      itemType: string,
      itemId: string,
    ): Promise<TransferRow | null> {
      const rows = await conn
        .select()
        .from(ledgerTransfers)
        .where(
          and(
            eq(ledgerTransfers.actorUserId, buyerId),
            eq(ledgerTransfers.itemType, itemType),
            eq(ledgerTransfers.itemId, itemId),
            eq(ledgerTransfers.kind, 3),
          ),
        )
      return rows[0] ?? null
    },

    /** A user account's balance (0 when it does not exist yet). */
    async balance(conn: Conn, userId: number, kind: number): Promise<number> {
      const rows = await conn
        .select({ balance: ledgerAccounts.balance })
        .from(ledgerAccounts)
        .where(and(eq(ledgerAccounts.userId, userId), eq(ledgerAccounts.kind, kind)))
      return rows[0]?.balance ?? 0
    },

    async hasNegativeBalance(userId: number): Promise<boolean> {
      const rows = await db
        .select({ id: ledgerAccounts.id })
        .from(ledgerAccounts)
        .where(and(eq(ledgerAccounts.userId, userId), sql`${ledgerAccounts.balance} < 0`))
        .limit(1)
      return rows.length > 0
    },

    /** Balances of several users' accounts of one kind. */
    async balances(conn: Conn, userIds: number[], kind: number): Promise<Map<number, number>> {
      if (userIds.length === 0) return new Map()
      const rows = await conn
        .select({ userId: ledgerAccounts.userId, balance: ledgerAccounts.balance })
        .from(ledgerAccounts)
        .where(and(inArray(ledgerAccounts.userId, userIds), eq(ledgerAccounts.kind, kind)))
      return new Map(rows.map((row) => [Number(row.userId), row.balance]))
    },

    async postingsOf(conn: Conn, transferId: number) {
      return conn
        .select({
          accountId: ledgerPostings.accountId,
          unit: ledgerPostings.unit,
          amount: ledgerPostings.amount,
          kind: ledgerAccounts.kind,
          userId: ledgerAccounts.userId,
        })
        .from(ledgerPostings)
        .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
        .where(eq(ledgerPostings.transferId, transferId))
        .orderBy(ledgerPostings.id)
    },

    /** Checks of the whole ledger (tests, benchmarks and the daily audit). */
    async audit(conn: Conn) {
      const unbalanced = rowsOf<{ transfer_id: string | number }>(
        await conn.execute(sql`
          SELECT transfer_id FROM ledger_postings GROUP BY transfer_id, unit HAVING SUM(amount) <> 0 LIMIT 10`),
      )
      const drifted = rowsOf<{ id: string | number }>(
        await conn.execute(sql`
          SELECT a.id FROM ledger_accounts a
          LEFT JOIN (SELECT account_id, SUM(amount) AS total FROM ledger_postings GROUP BY account_id) p
            ON p.account_id = a.id
          WHERE a.user_id IS NOT NULL AND a.balance <> COALESCE(p.total, 0)
          LIMIT 10`),
      )
      const negative = rowsOf<{ id: string | number }>(
        await conn.execute(
          sql`SELECT id FROM ledger_accounts WHERE user_id IS NOT NULL AND balance < 0 LIMIT 10`,
        ),
      )
      const totals = rowsOf<{ unit: number; total: string | number }>(
        await conn.execute(sql`SELECT unit, SUM(amount) AS total FROM ledger_postings GROUP BY unit`),
      )
      return {
        unbalancedTransfers: unbalanced.map((row) => Number(row.transfer_id)),
        driftedAccounts: drifted.map((row) => Number(row.id)),
        negativeAccounts: negative.map((row) => Number(row.id)),
        totalsByUnit: new Map(totals.map((row) => [Number(row.unit), Number(row.total)])),
      }
    },

    // -- idempotency records --

    /** Claims a key inside the caller's transaction; false when another request holds or held it. */
    async claimKey(tx: Tx, userId: number, key: string, scope: string, requestHash: string, at: Date) {
      const rows = await tx
        .insert(idempotencyRecords)
        .values({ userId, key, scope, requestHash, status: 0, response: null, createdAt: at })
        .onConflictDoNothing()
        .returning({ key: idempotencyRecords.key })
      return rows.length > 0
    },

    async storeAnswer(tx: Tx, userId: number, key: string, status: number, response: unknown) {
      await tx
        .update(idempotencyRecords)
        .set({ status, response: response ?? null })
        .where(and(eq(idempotencyRecords.userId, userId), eq(idempotencyRecords.key, key)))
    },

    async storedAnswer(conn: Conn, userId: number, key: string): Promise<StoredAnswer | null> {
      const rows = await conn
        .select({
          scope: idempotencyRecords.scope,
          requestHash: idempotencyRecords.requestHash,
          status: idempotencyRecords.status,
          response: idempotencyRecords.response,
        })
        .from(idempotencyRecords)
        .where(and(eq(idempotencyRecords.userId, userId), eq(idempotencyRecords.key, key)))
      return rows[0] ?? null
    },

    /** Forgets stored answers older than `before` (keys are kept 30 days, like card processors do). */
    async pruneAnswers(before: Date): Promise<number> {
      const rows = await db
        .delete(idempotencyRecords)
        .where(sql`${idempotencyRecords.createdAt} < ${before}`)
        .returning({ key: idempotencyRecords.key })
      return rows.length
    },
  }
}

export type LedgerRepo = ReturnType<typeof createLedgerRepo>
