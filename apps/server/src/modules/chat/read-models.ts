import { MsgType } from '@velvet/contract'
import { and, count, desc, eq, gt, gte, isNull, lt, max, ne, type SQL, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../platform/db.ts'
import { users } from '../auth/schema.ts'
import { saleLines } from '../ledger/read-models.ts'
import { PaidState } from './repo.ts'
import { chatMessages, chatPaidMessages, conversationSides } from './schema.ts'

/**
 * Chat as read by other modules: SQL fragments for their raw SQL (a mass message's opened count) and a few
 * small queries (the e-mail digest of unread messages). Chat owns its tables; other modules reach them only
 * through these (the Drizzle tables stay private to chat).
 */

/** Chat messages, for a FROM or JOIN clause. Public columns: id, conversation_id, content_key. */
export const messageRows: SQL = sql`chat_messages`

/** Each user's side of a conversation, for a FROM or JOIN clause. Public columns: conversation_id, user_id, last_read_id. */
export const conversationSideRows: SQL = sql`conversation_sides`

/**
 * Conversations with messages to `userId` that arrived in [from, to) and are still unread, not muted,
 * not system lines, from accounts that still exist; the newest first (the e-mail digest of new messages).
 * Walks the user's sides (primary key) and each conversation's messages after the read point
 * (conversation index).
 */
export function unreadInWindow(db: Db, userId: number, from: Date, to: Date) {
  return db
    .select({
      peerId: conversationSides.peerId,
      nickname: users.nickname,
      userName: users.userName,
      count: count(),
    })
    .from(conversationSides)
    .innerJoin(chatMessages, eq(chatMessages.conversationId, conversationSides.conversationId))
    .innerJoin(users, eq(users.id, conversationSides.peerId))
    .where(
      and(
        eq(conversationSides.userId, userId),
        eq(conversationSides.muted, false),
        gt(conversationSides.unread, 0),
        eq(chatMessages.senderId, conversationSides.peerId),
        gt(chatMessages.id, conversationSides.lastReadId),
        ne(chatMessages.msgType, MsgType.System),
        gte(chatMessages.createdAt, from),
        lt(chatMessages.createdAt, to),
        isNull(users.deletedAt),
      ),
    )
    .groupBy(conversationSides.peerId, users.nickname, users.userName)
    .orderBy(desc(max(chatMessages.id)))
}

/**
 * Shares of paid messages still waiting for the creator's reply: refunded if unanswered in time, so not
 * withdrawable yet (a payout reads this). `ownCents`: the user's as the creator; `referralCents`: the
 * user's share as the referrer of the creator (from the sale lines' meta).
 */
export async function heldPaidMessageCents(
  conn: Db | Tx,
  userId: number,
): Promise<{ ownCents: number; referralCents: number }> {
  const referrer = sql`(t.meta->>'referrer_id')::bigint`
  const result = await conn.execute(sql`SELECT
      coalesce(sum((t.meta->>'net_cents')::bigint)
        filter (where ${chatPaidMessages.creatorId} = ${userId}), 0) AS own,
      coalesce(sum((t.meta->>'referral_cents')::bigint)
        filter (where ${referrer} = ${userId}), 0) AS referral
    FROM ${chatPaidMessages} JOIN ${saleLines} t ON t.id = ${chatPaidMessages.transferId}
    WHERE ${chatPaidMessages.state} = ${PaidState.Waiting}
      AND (${chatPaidMessages.creatorId} = ${userId} OR ${referrer} = ${userId})`)
  const [row] = (result as unknown as { rows: { own: string | number; referral: string | number }[] }).rows
  return { ownCents: Number(row?.own ?? 0), referralCents: Number(row?.referral ?? 0) }
}
