import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../platform/db.ts'
import { type AccountKind, SYSTEM_ACCOUNT_UNITS, type Unit, unitOf } from './accounts.ts'
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

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows
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

    /** Inserts the transfer unless its idempotency key (or, for unlocks, its buyer and item) exists. */
    async insertTransfer(tx: Tx, row: NewTransfer): Promise<TransferRow | null> {
      const inserted = await tx.insert(ledgerTransfers).values(row).onConflictDoNothing().returning()
      return inserted[0] ?? null
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

    /**
     * Credits a user account, creating it on first use. Answers the account id and new balance.
     */
    async credit(
      tx: Tx,
      userId: number,
      kind: number,
      amount: number,
    ): Promise<{ id: number; balance: number }> {
      const unit = unitOf(kind as AccountKind)
      const rows = rowsOf<{ id: string | number; balance: string | number }>(
        await tx.execute(sql`
          INSERT INTO ledger_accounts (kind, user_id, unit, balance)
          VALUES (${kind}, ${userId}, ${unit}, ${amount})
          ON CONFLICT (user_id, kind) WHERE user_id IS NOT NULL
          DO UPDATE SET balance = ledger_accounts.balance + EXCLUDED.balance
          RETURNING id, balance`),
      )
      const row = rows[0]
      if (!row) throw new Error('ledger credit returned no row')
      return { id: Number(row.id), balance: Number(row.balance) }
    },

    /**
     * Debits a user account only if it has enough; null when it does not (or does not exist). The
     * database's CHECK refuses a negative balance even if this condition were ever wrong.
     */
    async debit(
      tx: Tx,
      userId: number,
      kind: number,
      amount: number,
    ): Promise<{ id: number; balance: number } | null> {
      const rows = rowsOf<{ id: string | number; balance: string | number }>(
        await tx.execute(sql`
          UPDATE ledger_accounts SET balance = balance - ${amount}
          WHERE user_id = ${userId} AND kind = ${kind} AND balance >= ${amount}
          RETURNING id, balance`),
      )
      const row = rows[0]
      return row ? { id: Number(row.id), balance: Number(row.balance) } : null
    },

    async insertPostings(
      tx: Tx,
      transferId: number,
      postings: Array<{ accountId: number; unit: Unit; amount: number }>,
      at: Date,
    ): Promise<void> {
      await tx
        .insert(ledgerPostings)
        .values(postings.map((posting) => ({ ...posting, transferId, createdAt: at })))
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
