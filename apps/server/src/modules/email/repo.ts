import { MsgType } from '@velvet/contract'
import { and, count, desc, eq, gt, gte, inArray, isNull, lt, max, ne, sql, sum } from 'drizzle-orm'
import type { Db } from '../../platform/db.ts'
import { users } from '../auth/schema.ts'
import { chatMessages, conversationSides } from '../chat/schema.ts'
import { AccountKind, TransferKind } from '../ledger/accounts.ts'
import { ledgerAccounts, ledgerPostings, ledgerTransfers } from '../ledger/schema.ts'

/** Transfers that earn a creator money (the wallet's "earned" uses the same kinds). */
export const EARNING_KINDS = [
  TransferKind.MembershipCharge,
  TransferKind.Unlock,
  TransferKind.Gift,
  TransferKind.PaidMessage,
] as const

/**
 * The e-mail module's reads: read-only views of the chat tables (unread messages of a window) and of the
 * ledger (a creator's earnings of a day). Their modules stay the only writers.
 */
export function createEmailRepo(db: Db) {
  return {
    /**
     * Conversations with messages to `userId` that arrived in [from, to) and are still unread, not muted,
     * not system lines, from accounts that still exist; the newest first. Walks the user's sides (primary
     * key) and each conversation's messages after the read point (conversation index).
     */
    async unreadInWindow(userId: number, from: Date, to: Date) {
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
    },

    /** A creator's earnings in [from, to) by transfer kind: what reached their payout wallet from sales. */
    async earningsBetween(userId: number, from: Date, to: Date) {
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
    },
  }
}

export type EmailRepo = ReturnType<typeof createEmailRepo>
