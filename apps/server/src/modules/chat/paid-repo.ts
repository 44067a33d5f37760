import { and, eq, inArray, lte, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../platform/db.ts'
import { liveMembership } from '../entitlements/conditions.ts'
import { memberships } from '../entitlements/schema.ts'
import { TransferKind } from '../ledger/accounts.ts'
import { SPENDING_KINDS } from '../wallet/repo.ts'
import {
  type MessageRow,
  type PaidMessageRow,
  type PaidSettingsRow,
  PaidState,
  type SideRow,
} from './repo.ts'
import { chatMessages, chatPaidMessages, conversationSides, paidMessageSettings } from './schema.ts'

type Conn = Db | Tx

/**
 * The SQL of paid chat: a creator's paid message settings, paid messages held until the creator replies
 * (kept or refunded), and which PPV contents a fan has unlocked. It reads, never writes, other modules'
 * tables: memberships (members write free) and ledger transfers (the unlocks, whether a fan has
 * spent with a creator).
 */
export function createPaidChatRepo(db: Db) {
  return {
    /** Whether `fanId` has ever paid `creatorId` (an unlock, gift, paid message or membership). */
    async hasSpentWith(fanId: number, creatorId: number, conn: Conn = db): Promise<boolean> {
      const kinds = sql.raw(SPENDING_KINDS.map((kind) => String(Math.trunc(kind))).join(','))
      const result = (await conn.execute(sql`
        SELECT EXISTS (
          SELECT 1 FROM ledger_transfers
          WHERE actor_user_id = ${fanId} AND counterparty_user_id = ${creatorId} AND kind IN (${kinds})
        ) AS spent`)) as unknown as { rows: { spent: boolean }[] }
      return result.rows[0]?.spent === true
    },

    /** A creator's paid message settings (null: never set; messages are free). */
    async paidSettings(creatorId: number, conn: Conn = db): Promise<PaidSettingsRow | null> {
      const [row] = await conn
        .select()
        .from(paidMessageSettings)
        .where(eq(paidMessageSettings.creatorId, creatorId))
      return row ?? null
    },

    async savePaidSettings(row: Omit<PaidSettingsRow, 'updatedAt'>, at: Date): Promise<PaidSettingsRow> {
      const values = { ...row, updatedAt: at }
      const [saved] = await db
        .insert(paidMessageSettings)
        .values(values)
        .onConflictDoUpdate({ target: paidMessageSettings.creatorId, set: values })
        .returning()
      if (!saved) throw new Error('paid message settings were not saved')
      return saved
    },

    /** Whether `fanId` is a member (active or in grace) of `creatorId`. */
    async isMember(fanId: number, creatorId: number, now: Date, conn: Conn = db): Promise<boolean> {
      const result = (await conn.execute(sql`
        SELECT EXISTS (SELECT 1 FROM ${memberships} WHERE ${memberships.fanId} = ${fanId}
          AND ${memberships.creatorId} = ${creatorId} AND ${liveMembership(now)}) AS member`)) as unknown as {
        rows: { member: boolean }[]
      }
      return result.rows[0]?.member === true
    },

    /** Counts one more free message on a side (the fan's), under the row lock of the send. */
    async useFreeMessage(tx: Tx, userId: number, conversationId: number): Promise<void> {
      await tx
        .update(conversationSides)
        .set({ freeUsed: sql`${conversationSides.freeUsed} + 1` })
        .where(
          and(eq(conversationSides.userId, userId), eq(conversationSides.conversationId, conversationId)),
        )
    },

    /** A side, locked for the rest of the transaction (paid sends of one fan queue behind each other). */
    async lockSide(tx: Tx, userId: number, conversationId: number): Promise<SideRow | null> {
      const [row] = await tx
        .select()
        .from(conversationSides)
        .where(
          and(eq(conversationSides.userId, userId), eq(conversationSides.conversationId, conversationId)),
        )
        .for('update')
      return row ?? null
    },

    async setPaidCoins(tx: Tx, messageId: number, coins: number): Promise<MessageRow> {
      const [row] = await tx
        .update(chatMessages)
        .set({ paidCoins: coins })
        .where(eq(chatMessages.id, messageId))
        .returning()
      if (!row) throw new Error('paid message row is missing')
      return row
    },

    async insertPaidMessage(tx: Tx, row: typeof chatPaidMessages.$inferInsert): Promise<void> {
      await tx.insert(chatPaidMessages).values(row).onConflictDoNothing()
    },

    /** The creator replied: every paid message of the conversation still waiting is kept. */
    async keepPaidMessages(tx: Tx, conversationId: number, creatorId: number, at: Date): Promise<number> {
      const rows = await tx
        .update(chatPaidMessages)
        .set({ state: PaidState.Kept, settledAt: at })
        .where(
          and(
            eq(chatPaidMessages.conversationId, conversationId),
            eq(chatPaidMessages.creatorId, creatorId),
            eq(chatPaidMessages.state, PaidState.Waiting),
          ),
        )
        .returning({ id: chatPaidMessages.messageId })
      return rows.length
    },

    /** Paid messages still waiting that were sent at or before `before` (the refund job). */
    async unansweredPaidMessages(before: Date, limit: number): Promise<PaidMessageRow[]> {
      return db
        .select()
        .from(chatPaidMessages)
        .where(and(eq(chatPaidMessages.state, PaidState.Waiting), lte(chatPaidMessages.createdAt, before)))
        .orderBy(chatPaidMessages.createdAt)
        .limit(limit)
    },

    /** Claims one waiting paid message for its refund (null when a reply or another worker came first). */
    async claimRefund(tx: Tx, messageId: number, at: Date): Promise<PaidMessageRow | null> {
      const [row] = await tx
        .update(chatPaidMessages)
        .set({ state: PaidState.Refunded, settledAt: at })
        .where(and(eq(chatPaidMessages.messageId, messageId), eq(chatPaidMessages.state, PaidState.Waiting)))
        .returning()
      return row ?? null
    },

    /** Which of these messages' coins went back to the sender. */
    async refundedOf(messageIds: number[]): Promise<Set<number>> {
      if (messageIds.length === 0) return new Set()
      const rows = await db
        .select({ id: chatPaidMessages.messageId })
        .from(chatPaidMessages)
        .where(
          and(
            inArray(chatPaidMessages.messageId, messageIds),
            eq(chatPaidMessages.state, PaidState.Refunded),
          ),
        )
      return new Set(rows.map((row) => row.id))
    },

    /** Which PPV contents (`content_key`) a buyer has unlocked (ledger unlocks of item type chat_media). */
    async unlockedContents(buyerId: number, keys: string[], conn: Conn = db): Promise<Set<string>> {
      if (keys.length === 0) return new Set()
      const result = (await conn.execute(sql`
        SELECT item_id FROM ledger_transfers
        WHERE actor_user_id = ${buyerId} AND kind = ${TransferKind.Unlock} AND item_type = 'chat_media'
          AND item_id IN (${sql.join(
            keys.map((key) => sql`${key}`),
            sql`, `,
          )})`)) as unknown as { rows: { item_id: string }[] }
      return new Set(result.rows.map((row) => row.item_id))
    },
  }
}

export type PaidChatRepo = ReturnType<typeof createPaidChatRepo>
