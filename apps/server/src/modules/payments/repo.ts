import { and, desc, eq, isNull, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../platform/db.ts'
import { isUniqueViolation } from '../../platform/db.ts'
import { paymentCards, paymentFlags, payments, paymentWebhookEvents } from './schema.ts'

type Conn = Db | Tx

export type CardRow = typeof paymentCards.$inferSelect
export type PaymentRow = typeof payments.$inferSelect

/** A payment's states: they only move forward (DESIGN §4). */
export const PaymentState = {
  Pending: 0,
  RequiresAction: 1,
  Succeeded: 2,
  Failed: 3,
  ChargedBack: 4,
} as const

export interface NewCard {
  userId: number
  provider: string
  token: string
  brand: string
  last4: string
  expMonth: number
  expYear: number
}

export interface NewPayment {
  userId: number
  cardId: number
  amountCents: number
  purpose: string
  reference: Record<string, unknown>
  key: string
  provider: string
}

const live = (userId: number) => and(eq(paymentCards.userId, userId), isNull(paymentCards.removedAt))

/** All SQL of saved cards, payments, webhook events and payment flags. */
export function createPaymentsRepo(db: Db) {
  return {
    /** An open payment (pending or waiting on 3DS) of this user and purpose whose reference contains `match`. */
    async hasOpenPayment(
      userId: number,
      purpose: string,
      match: Record<string, unknown>,
      since: Date,
      conn: Db | Tx = db,
    ): Promise<boolean> {
      const rows = await conn
        .select({ id: payments.id })
        .from(payments)
        .where(
          and(
            eq(payments.userId, userId),
            eq(payments.purpose, purpose),
            sql`${payments.status} in (${PaymentState.Pending}, ${PaymentState.RequiresAction})`,
            sql`${payments.reference} @> ${JSON.stringify(match)}::jsonb`,
            sql`${payments.createdAt} > ${since.toISOString()}::timestamptz`,
          ),
        )
        .limit(1)
      return rows.length > 0
    },

    db,

    cardsOf(userId: number, conn: Conn = db): Promise<CardRow[]> {
      return conn
        .select()
        .from(paymentCards)
        .where(live(userId))
        .orderBy(desc(paymentCards.isDefault), desc(paymentCards.id))
    },

    async cardOf(userId: number, cardId: number, conn: Conn = db): Promise<CardRow | null> {
      const [row] = await conn
        .select()
        .from(paymentCards)
        .where(and(live(userId), eq(paymentCards.id, cardId)))
      return row ?? null
    },

    async defaultCard(userId: number): Promise<CardRow | null> {
      const [row] = await db
        .select()
        .from(paymentCards)
        .where(and(live(userId), eq(paymentCards.isDefault, true)))
      return row ?? null
    },

    /**
     * Saves a card once per provider token (the finish call and the webhook may both try, in either order);
     * the first live card becomes the default. Answers the card.
     */
    async saveCard(tx: Tx, card: NewCard): Promise<CardRow> {
      const [inserted] = await tx.insert(paymentCards).values(card).onConflictDoNothing().returning()
      const row =
        inserted ??
        (
          await tx
            .select()
            .from(paymentCards)
            .where(and(eq(paymentCards.provider, card.provider), eq(paymentCards.token, card.token)))
        )[0]
      if (!row) throw new Error('the saved card is missing')
      if (!inserted) return row
      const [promoted] = await tx
        .execute(sql`
        UPDATE payment_cards SET is_default = true
        WHERE id = ${row.id} AND NOT EXISTS (
          SELECT 1 FROM payment_cards
          WHERE user_id = ${row.userId} AND is_default AND removed_at IS NULL)
        RETURNING id`)
        .then((r) => (r as unknown as { rows: { id: number }[] }).rows)
      return promoted ? { ...row, isDefault: true } : row
    },

    async setDefault(userId: number, cardId: number): Promise<boolean> {
      return db.transaction(async (tx) => {
        const card = await tx
          .select({ id: paymentCards.id })
          .from(paymentCards)
          .where(and(live(userId), eq(paymentCards.id, cardId)))
          .for('update')
        if (card.length === 0) return false
        await tx
          .update(paymentCards)
          .set({ isDefault: false })
          .where(and(live(userId), eq(paymentCards.isDefault, true)))
        await tx.update(paymentCards).set({ isDefault: true }).where(eq(paymentCards.id, cardId))
        return true
      })
    },

    /** Removes a card; when it was the default, the newest other live card becomes the default. */
    async removeCard(userId: number, cardId: number, at: Date): Promise<boolean> {
      try {
        return await db.transaction(async (tx) => {
          const [card] = await tx
            .update(paymentCards)
            .set({ removedAt: at, isDefault: false })
            .where(and(live(userId), eq(paymentCards.id, cardId)))
            .returning({ id: paymentCards.id })
          if (!card) return false
          await tx.execute(sql`
            UPDATE payment_cards SET is_default = true
            WHERE id = (SELECT id FROM payment_cards WHERE user_id = ${userId} AND removed_at IS NULL
                        ORDER BY id DESC LIMIT 1)
              AND NOT EXISTS (SELECT 1 FROM payment_cards
                              WHERE user_id = ${userId} AND is_default AND removed_at IS NULL)`)
          return true
        })
      } catch (error) {
        // A concurrent set-default won the one default slot: the card is removed all the same on retry.
        if (isUniqueViolation(error)) return this.removeCard(userId, cardId, at)
        throw error
      }
    },

    /** Inserts the payment unless its key exists; answers the row and whether this call created it. */
    async insertPayment(payment: NewPayment): Promise<{ row: PaymentRow; created: boolean }> {
      const [inserted] = await db.insert(payments).values(payment).onConflictDoNothing().returning()
      if (inserted) return { row: inserted, created: true }
      const [existing] = await db.select().from(payments).where(eq(payments.key, payment.key))
      if (!existing) throw new Error('the payment key conflicts but no payment has it')
      return { row: existing, created: false }
    },

    async paymentById(id: number, conn: Conn = db): Promise<PaymentRow | null> {
      const [row] = await conn.select().from(payments).where(eq(payments.id, id))
      return row ?? null
    },

    /**
     * Payments still waiting on the provider (pending, or a 3DS page) with no change since `before`: the
     * reconciliation sweep asks the provider about them, oldest first.
     */
    async openPaymentsBefore(before: Date, limit: number): Promise<PaymentRow[]> {
      return db
        .select()
        .from(payments)
        .where(
          and(
            sql`${payments.status} IN (${sql.raw(String(PaymentState.Pending))}, ${sql.raw(String(PaymentState.RequiresAction))})`,
            sql`${payments.providerRef} IS NOT NULL`,
            sql`${payments.updatedAt} < ${before.toISOString()}::timestamptz`,
          ),
        )
        .orderBy(payments.updatedAt)
        .limit(limit)
    },

    /**
     * Payments still pending with no provider charge id and no change since `before`: their charge call never
     * answered (the process stopped between saving the payment and calling the provider, or the provider was
     * down and the fan never retried). Few, and found through the unique (provider, provider_ref) index,
     * which holds the null refs too.
     */
    async unsentPaymentsBefore(provider: string, before: Date, limit: number): Promise<PaymentRow[]> {
      return db
        .select()
        .from(payments)
        .where(
          and(
            eq(payments.provider, provider),
            isNull(payments.providerRef),
            eq(payments.status, PaymentState.Pending),
            sql`${payments.updatedAt} < ${before.toISOString()}::timestamptz`,
          ),
        )
        .orderBy(payments.updatedAt)
        .limit(limit)
    },

    /** The payment, locked for the transaction that moves it. */
    async lockPayment(tx: Tx, id: number): Promise<PaymentRow | null> {
      const [row] = await tx.select().from(payments).where(eq(payments.id, id)).for('update')
      return row ?? null
    },

    async updatePayment(
      tx: Tx,
      id: number,
      fields: Partial<Pick<PaymentRow, 'status' | 'providerRef' | 'actionUrl' | 'declineCode'>>,
      at: Date,
    ): Promise<PaymentRow> {
      const [row] = await tx
        .update(payments)
        .set({ ...fields, updatedAt: at })
        .where(eq(payments.id, id))
        .returning()
      if (!row) throw new Error('the payment being updated is missing')
      return row
    },

    /** Records a provider event once; false when it was already applied (a duplicate). */
    async recordEvent(tx: Tx, eventId: string, type: string, at: Date): Promise<boolean> {
      const rows = await tx
        .insert(paymentWebhookEvents)
        .values({ eventId, type, processedAt: at })
        .onConflictDoNothing()
        .returning({ eventId: paymentWebhookEvents.eventId })
      return rows.length > 0
    },

    async isFlagged(userId: number): Promise<boolean> {
      const rows = await db
        .select({ userId: paymentFlags.userId })
        .from(paymentFlags)
        .where(eq(paymentFlags.userId, userId))
      return rows.length > 0
    },

    async flag(tx: Tx, userId: number, paymentId: number, reason: string, at: Date): Promise<void> {
      await tx.insert(paymentFlags).values({ userId, paymentId, reason, createdAt: at }).onConflictDoNothing()
    },
  }
}

export type PaymentsRepo = ReturnType<typeof createPaymentsRepo>
