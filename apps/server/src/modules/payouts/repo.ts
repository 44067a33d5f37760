import { PayoutStatus } from '@velvet/contract'
import { and, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../platform/db.ts'
import { heldPaidMessageCents } from '../chat/read-models.ts'
import { clearingEarnings } from '../ledger/read-models.ts'
import { payoutMethods, payouts, payoutTaxSettings } from './schema.ts'

type Conn = Db | Tx

export type PayoutMethodRow = typeof payoutMethods.$inferSelect
export type NewPayoutMethod = Omit<typeof payoutMethods.$inferInsert, 'id' | 'isDefault' | 'removedAt'>
export type TaxRow = typeof payoutTaxSettings.$inferSelect
export type PayoutRow = typeof payouts.$inferSelect
export type NewPayout = Omit<typeof payouts.$inferInsert, 'id'>

const live = (userId: number) => and(eq(payoutMethods.userId, userId), isNull(payoutMethods.removedAt))

/**
 * Serialises changes to one user's payout methods until the transaction ends (a lock that holds even when
 * the user has no method row to lock yet).
 */
const lockMethods = (tx: Tx, userId: number) =>
  tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`payout_methods:${userId}`}, 0))`)

/** All SQL of payout methods, tax settings and withdrawals. */
export function createPayoutsRepo(db: Db) {
  return {
    db,
    transaction: <T>(run: (tx: Tx) => Promise<T>) => db.transaction(run),

    // -- methods --

    /** Live methods, the default first, then newest first. */
    methods(userId: number, conn: Conn = db): Promise<PayoutMethodRow[]> {
      return conn
        .select()
        .from(payoutMethods)
        .where(live(userId))
        .orderBy(desc(payoutMethods.isDefault), desc(payoutMethods.id))
    },

    async method(userId: number, id: number, conn: Conn = db): Promise<PayoutMethodRow | null> {
      const rows = await conn
        .select()
        .from(payoutMethods)
        .where(and(live(userId), eq(payoutMethods.id, id)))
      return rows[0] ?? null
    },

    /**
     * Adds a method unless the user already has `max` (answers null then); it becomes the default when asked
     * or when it is the first. Counted and written under the owner's method lock, so adds at once can
     * neither pass the limit together nor both become the default.
     */
    async insertMethod(
      row: NewPayoutMethod,
      makeDefault: boolean,
      max: number,
    ): Promise<PayoutMethodRow | null> {
      return db.transaction(async (tx) => {
        await lockMethods(tx, row.userId)
        const existing = await tx
          .select({ id: payoutMethods.id, isDefault: payoutMethods.isDefault })
          .from(payoutMethods)
          .where(live(row.userId))
        if (existing.length >= max) return null
        const isDefault = makeDefault || !existing.some((m) => m.isDefault)
        if (isDefault)
          await tx
            .update(payoutMethods)
            .set({ isDefault: false })
            .where(and(live(row.userId), eq(payoutMethods.isDefault, true)))
        const [inserted] = await tx
          .insert(payoutMethods)
          .values({ ...row, isDefault })
          .returning()
        if (!inserted) throw new Error('payout method insert returned no row')
        return inserted
      })
    },

    /** The provider token of a method, removed or not (a withdrawal goes where it was asked to go). */
    async methodToken(id: number): Promise<string | null> {
      const rows = await db
        .select({ token: payoutMethods.providerToken })
        .from(payoutMethods)
        .where(eq(payoutMethods.id, id))
      return rows[0]?.token ?? null
    },

    countMethods: async (userId: number) =>
      (await db.select({ n: sql<number>`count(*)::int` }).from(payoutMethods).where(live(userId)))[0]?.n ?? 0,

    /** Makes one method the default; false when it is not a live method of the user. */
    async setDefault(userId: number, id: number): Promise<boolean> {
      return db.transaction(async (tx) => {
        await lockMethods(tx, userId)
        const rows = await tx.select({ id: payoutMethods.id }).from(payoutMethods).where(live(userId))
        if (!rows.some((r) => r.id === id)) return false
        await tx
          .update(payoutMethods)
          .set({ isDefault: false })
          .where(and(live(userId), eq(payoutMethods.isDefault, true)))
        await tx.update(payoutMethods).set({ isDefault: true }).where(eq(payoutMethods.id, id))
        return true
      })
    },

    /** Removes a method (the row stays for past withdrawals); the newest other one becomes the default. */
    async removeMethod(userId: number, id: number, at: Date): Promise<boolean> {
      return db.transaction(async (tx) => {
        await lockMethods(tx, userId)
        const rows = await tx
          .select({ id: payoutMethods.id, isDefault: payoutMethods.isDefault })
          .from(payoutMethods)
          .where(live(userId))
          .orderBy(desc(payoutMethods.id))
        const target = rows.find((r) => r.id === id)
        if (!target) return false
        await tx
          .update(payoutMethods)
          .set({ removedAt: at, isDefault: false })
          .where(eq(payoutMethods.id, id))
        const next = rows.find((r) => r.id !== id)
        if (target.isDefault && next)
          await tx.update(payoutMethods).set({ isDefault: true }).where(eq(payoutMethods.id, next.id))
        return true
      })
    },

    /**
     * Serialises one creator's withdrawal requests until the transaction ends: what a request may take (the
     * pause, what paid messages hold) is read and debited as one step.
     */
    async lockWithdrawals(tx: Tx, userId: number): Promise<void> {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`payouts:${userId}`}, 0))`)
    },

    // -- tax settings --

    async tax(userId: number, conn: Conn = db): Promise<TaxRow | null> {
      const rows = await conn.select().from(payoutTaxSettings).where(eq(payoutTaxSettings.userId, userId))
      return rows[0] ?? null
    },

    async saveTax(row: TaxRow): Promise<TaxRow> {
      const { userId, ...rest } = row
      const [saved] = await db
        .insert(payoutTaxSettings)
        .values(row)
        .onConflictDoUpdate({ target: payoutTaxSettings.userId, set: rest })
        .returning()
      if (!saved) throw new Error('tax settings upsert returned no row')
      return saved
    },

    // -- withdrawals --

    async insertPayout(tx: Tx, row: NewPayout): Promise<PayoutRow> {
      const [inserted] = await tx.insert(payouts).values(row).returning()
      if (!inserted) throw new Error('payout insert returned no row')
      return inserted
    },

    async payout(id: number, conn: Conn = db): Promise<PayoutRow | null> {
      const rows = await conn.select().from(payouts).where(eq(payouts.id, id))
      return rows[0] ?? null
    },

    /** A user's withdrawals, newest first, from before `beforeId` (keyset). */
    payoutsOf(userId: number, beforeId: number | null, limit: number): Promise<PayoutRow[]> {
      return db
        .select()
        .from(payouts)
        .where(and(eq(payouts.userId, userId), beforeId === null ? undefined : lt(payouts.id, beforeId)))
        .orderBy(desc(payouts.id))
        .limit(limit)
    },

    /** The sum of requested and processing withdrawals. */
    async pendingCents(userId: number, conn: Conn = db): Promise<number> {
      const [row] = await conn
        .select({ total: sql<string>`coalesce(sum(${payouts.amountCents}), 0)` })
        .from(payouts)
        .where(
          and(
            eq(payouts.userId, userId),
            inArray(payouts.status, [PayoutStatus.Requested, PayoutStatus.Processing]),
          ),
        )
      return Number(row?.total ?? 0)
    },

    /**
     * Shares of paid messages still waiting for the creator's reply: refunded if unanswered within 72 hours,
     * so not withdrawable until answered (the refund would otherwise find them gone). `ownCents`: the user's
     * as the creator; `referralCents`: the user's 5% as the referrer of the creator (sale lines in the meta).
     */
    heldCents: (userId: number, conn: Conn = db): Promise<{ ownCents: number; referralCents: number }> =>
      heldPaidMessageCents(conn, userId),

    /**
     * Earnings of sales since `since` (still clearing, not withdrawable yet), net of their reversals, and
     * when the oldest of those sales was.
     */
    clearing: (userId: number, since: Date, conn: Conn = db) => clearingEarnings(conn, userId, since),

    /** When the user's latest withdrawal failed (null if none ever did). */
    async lastFailedAt(userId: number, conn: Conn = db): Promise<Date | null> {
      const [row] = await conn
        .select({ at: sql<Date | string | null>`max(${payouts.failedAt})` })
        .from(payouts)
        .where(and(eq(payouts.userId, userId), eq(payouts.status, PayoutStatus.Failed)))
      return row?.at ? new Date(row.at) : null
    },

    /** requested → processing, once (another worker may have done it). */
    async markProcessing(id: number, providerRef: string, at: Date): Promise<PayoutRow | null> {
      const rows = await db
        .update(payouts)
        .set({ status: PayoutStatus.Processing, providerRef, processingAt: at })
        .where(and(eq(payouts.id, id), eq(payouts.status, PayoutStatus.Requested)))
        .returning()
      return rows[0] ?? null
    },

    /** processing → paid, once, inside the transaction that moves the money. */
    async markPaid(tx: Tx, id: number, at: Date): Promise<PayoutRow | null> {
      const rows = await tx
        .update(payouts)
        .set({ status: PayoutStatus.Paid, paidAt: at })
        .where(and(eq(payouts.id, id), eq(payouts.status, PayoutStatus.Processing)))
        .returning()
      return rows[0] ?? null
    },

    /** requested or processing → failed, once, inside the transaction that gives the money back. */
    async markFailed(tx: Tx, id: number, reason: string, at: Date): Promise<PayoutRow | null> {
      const rows = await tx
        .update(payouts)
        .set({ status: PayoutStatus.Failed, failedAt: at, failureReason: reason })
        .where(
          and(eq(payouts.id, id), inArray(payouts.status, [PayoutStatus.Requested, PayoutStatus.Processing])),
        )
        .returning()
      return rows[0] ?? null
    },

    /** Open withdrawals last touched before `before` (the sweep picks up lost jobs). */
    async openPayoutIds(before: Date, limit = 100): Promise<number[]> {
      const rows = await db
        .select({ id: payouts.id })
        .from(payouts)
        .where(
          and(
            inArray(payouts.status, [PayoutStatus.Requested, PayoutStatus.Processing]),
            lt(sql`coalesce(${payouts.processingAt}, ${payouts.createdAt})`, before),
          ),
        )
        .orderBy(payouts.id)
        .limit(limit)
      return rows.map((r) => r.id)
    },
  }
}

export type PayoutsRepo = ReturnType<typeof createPayoutsRepo>
