import { and, eq, inArray, lte, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../platform/db.ts'
import { isLiveMember } from '../entitlements/conditions.ts'
import { hasSpentWith, unlockedItems } from '../ledger/read-models.ts'
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
 * (kept or refunded), and which PPV contents a fan has unlocked. Other modules' data comes through their
 * read models: entitlements' live membership (members write free) and the ledger's unlocks and whether a
 * fan has spent with a creator.
 */
export function createPaidChatRepo(db: Db) {
  return {
    /** Whether `fanId` has ever paid `creatorId` (an unlock, gift, paid message or membership). */
    hasSpentWith: (fanId: number, creatorId: number, conn: Conn = db): Promise<boolean> =>
      hasSpentWith(conn, fanId, creatorId),

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
        SELECT ${isLiveMember(fanId, creatorId, now)} AS member`)) as unknown as {
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
    unlockedContents: (buyerId: number, keys: string[], conn: Conn = db): Promise<Set<string>> =>
      unlockedItems(conn, buyerId, 'chat_media', keys),
  }
}

export type PaidChatRepo = ReturnType<typeof createPaidChatRepo>
