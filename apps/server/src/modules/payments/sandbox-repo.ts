import { and, eq, gt } from 'drizzle-orm'
import type { Db } from '../../platform/db.ts'
import type { SandboxBehaviour } from '../../platform/payments/cards.ts'
import type { SandboxChargeRecord, SandboxPaymentsStore } from '../../platform/payments/sandbox.ts'
import { sandboxPaymentCards, sandboxPaymentCharges, sandboxPaymentSetups } from './schema.ts'

/** The sandbox card provider's state, kept in our database (a real provider keeps it on its side). */
export function createSandboxPaymentsRepo(db: Db): SandboxPaymentsStore {
  const charge = (row: typeof sandboxPaymentCharges.$inferSelect): SandboxChargeRecord => row

  async function chargeByKey(idempotencyKey: string): Promise<SandboxChargeRecord | undefined> {
    const [row] = await db
      .select()
      .from(sandboxPaymentCharges)
      .where(eq(sandboxPaymentCharges.idempotencyKey, idempotencyKey))
    return row ? charge(row) : undefined
  }

  return {
    async createSetup(record) {
      await db.insert(sandboxPaymentSetups).values(record)
    },

    async getSetup(id) {
      const [row] = await db.select().from(sandboxPaymentSetups).where(eq(sandboxPaymentSetups.id, id))
      return row
    },

    async completeSetup(id, card, now) {
      return db.transaction(async (tx) => {
        const done = await tx
          .update(sandboxPaymentSetups)
          .set({ status: 'completed', cardToken: card.token })
          .where(
            and(
              eq(sandboxPaymentSetups.id, id),
              eq(sandboxPaymentSetups.status, 'open'),
              gt(sandboxPaymentSetups.expiresAt, now),
            ),
          )
          .returning({ id: sandboxPaymentSetups.id })
        if (done.length === 0) return false
        await tx.insert(sandboxPaymentCards).values({ ...card, createdAt: now })
        return true
      })
    },

    async getCard(token) {
      const [row] = await db.select().from(sandboxPaymentCards).where(eq(sandboxPaymentCards.token, token))
      return row ? { ...row, behaviour: row.behaviour as SandboxBehaviour } : undefined
    },

    async insertCharge(record) {
      const [inserted] = await db
        .insert(sandboxPaymentCharges)
        .values(record)
        .onConflictDoNothing()
        .returning()
      if (inserted) return charge(inserted)
      const existing = await chargeByKey(record.idempotencyKey)
      if (!existing) throw new Error('sandbox charge key conflicts but no charge has it')
      return existing
    },

    async getCharge(id) {
      const [row] = await db.select().from(sandboxPaymentCharges).where(eq(sandboxPaymentCharges.id, id))
      return row ? charge(row) : undefined
    },

    getChargeByKey: chargeByKey,

    async moveCharge(id, from, to) {
      const rows = await db
        .update(sandboxPaymentCharges)
        .set(to)
        .where(and(eq(sandboxPaymentCharges.id, id), eq(sandboxPaymentCharges.status, from)))
        .returning({ id: sandboxPaymentCharges.id })
      return rows.length > 0
    },
  }
}
