import { type ConversationFilter, MsgType } from '@velvet/contract'
import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../platform/db.ts'
import type { UserRow } from '../auth/schema.ts'
import { users } from '../auth/schema.ts'
import { isLiveMember } from '../entitlements/conditions.ts'
import { spentWith } from '../ledger/read-models.ts'
import { anyVideo } from '../media/read-models.ts'
import { type Cursor, cursorText } from '../social/cursor.ts'
import {
  chatMessages,
  type chatPaidMessages,
  conversationSides,
  conversations,
  paidMessageSettings,
} from './schema.ts'

type Conn = Db | Tx

export type MessageRow = typeof chatMessages.$inferSelect
export type SideRow = typeof conversationSides.$inferSelect

/** The other side of a conversation, as named on a list (the same card the wallet shows). */
export type PeerRow = Pick<UserRow, 'id' | 'userName' | 'nickname' | 'portrait' | 'userRole' | 'deletedAt'>

export interface ConversationRow {
  side: SideRow
  peer: PeerRow
  /** The other side's own row: how far it has read (read receipts). */
  peerReadId: number
  last: MessageRow | null
  /** The other side's paid message settings (null: never set). */
  peerSettings: { price: number; membersFree: boolean; creatorsFree: boolean } | null
  /** This side's user is a member of the other side. */
  isMember: boolean
  /** The other side is a member of this side's user (a fan of a creator). */
  peerIsMember: boolean
  /** Gross US cents the other side has paid this side's user. */
  peerSpentCents: number
  cursor: Cursor
}

export type PaidMessageRow = typeof chatPaidMessages.$inferSelect
export type PaidSettingsRow = typeof paidMessageSettings.$inferSelect

export interface NewMessage {
  conversationId: number
  senderId: number
  clientMsgId: string | null
  msgType: number
  text: string
  authorship: number
  createdAt: Date
  mediaIds?: number[]
  price?: number | null
  contentKey?: string | null
  coins?: number | null
  giftId?: number | null
}

/** Paid message states (chat_paid_messages.state). */
export const PaidState = { Waiting: 1, Kept: 2, Refunded: 3 } as const

const peerColumns = {
  id: users.id,
  userName: users.userName,
  nickname: users.nickname,
  portrait: users.portrait,
  userRole: users.userRole,
  deletedAt: users.deletedAt,
}

/** Whether `userId` is a member of the other side of the conversation side in the query. */
function memberOfPeer(userId: number, now: Date) {
  return sql<boolean>`${isLiveMember(userId, conversationSides.peerId, now)}`
}

/** What a creator sees of the fan on the other side: a live membership and the fan's spend. */
function peerAsFan(userId: number, now: Date) {
  return {
    peerIsMember: sql<boolean>`${isLiveMember(conversationSides.peerId, userId, now)}`,
    peerSpentCents: spentWith(sql`${conversationSides.peerId}`, sql`${userId}`),
  }
}

/**
 * The SQL of chat (paid chat's is in paid-repo.ts). Of other modules it reads `users` (the other side's card,
 * the shared table) and, through their read models, live memberships (the members filter) and media
 * (whether a mass message has a video).
 */
export function createChatRepo(db: Db) {
  return {
    db,

    /** The conversation of two users, made with both sides on first use. */
    async openConversation(a: number, b: number, at: Date, inTx?: Tx): Promise<number> {
      const [low, high] = a < b ? [a, b] : [b, a]
      const run = <T>(work: (tx: Tx) => Promise<T>) => (inTx ? work(inTx) : db.transaction(work))
      return run(async (tx) => {
        await tx
          .insert(conversations)
          .values({ userLow: low, userHigh: high, createdAt: at })
          .onConflictDoNothing()
        const [row] = await tx
          .select({ id: conversations.id })
          .from(conversations)
          .where(and(eq(conversations.userLow, low), eq(conversations.userHigh, high)))
        if (!row) throw new Error('conversation row is missing after insert')
        await tx
          .insert(conversationSides)
          .values([
            { userId: a, conversationId: row.id, peerId: b },
            { userId: b, conversationId: row.id, peerId: a },
          ])
          .onConflictDoNothing()
        return row.id
      })
    },

    /** The conversation of two users, if there is one. */
    async conversationBetween(a: number, b: number): Promise<number | null> {
      const [low, high] = a < b ? [a, b] : [b, a]
      const [row] = await db
        .select({ id: conversations.id })
        .from(conversations)
        .where(and(eq(conversations.userLow, low), eq(conversations.userHigh, high)))
      return row?.id ?? null
    },

    /** A user's side of a conversation (null: not theirs, or no such conversation). */
    async sideOf(userId: number, conversationId: number, conn: Conn = db): Promise<SideRow | null> {
      const [row] = await conn
        .select()
        .from(conversationSides)
        .where(
          and(eq(conversationSides.userId, userId), eq(conversationSides.conversationId, conversationId)),
        )
      return row ?? null
    },

    /** The side of the other user of a conversation (the recipient of `userId`'s messages). */
    async sideOfPeer(userId: number, conversationId: number): Promise<SideRow | null> {
      const [row] = await db
        .select()
        .from(conversationSides)
        .where(
          and(eq(conversationSides.peerId, userId), eq(conversationSides.conversationId, conversationId)),
        )
      return row ?? null
    },

    /** The other side of `userId`'s side has now spent money with them (an unlock). */
    async markPeerSpent(tx: Tx, userId: number, conversationId: number): Promise<void> {
      await tx
        .update(conversationSides)
        .set({ peerHasSpent: true })
        .where(
          and(eq(conversationSides.userId, userId), eq(conversationSides.conversationId, conversationId)),
        )
    },

    /** Inserts a message once per (sender, client id); answers the stored one and whether it is new. */
    async insertMessage(tx: Tx, message: NewMessage): Promise<{ row: MessageRow; created: boolean }> {
      const [inserted] = await tx.insert(chatMessages).values(message).onConflictDoNothing().returning()
      if (inserted) return { row: inserted, created: true }
      const [existing] = await tx
        .select()
        .from(chatMessages)
        .where(
          and(
            eq(chatMessages.senderId, message.senderId),
            eq(chatMessages.clientMsgId, message.clientMsgId ?? ''),
          ),
        )
      if (!existing) throw new Error('chat message conflict without a stored message')
      return { row: existing, created: false }
    },

    /**
     * A new message moves both sides: the sender's side has read it; the recipient's side counts it as
     * unread (not a system line, spec §4) and learns whether the sender has spent with the recipient.
     * Answers the recipient's side after the change.
     */
    async recordMessage(tx: Tx, message: MessageRow, recipientId: number, senderHasSpent: boolean) {
      const counts = message.msgType === MsgType.System ? 0 : 1
      await tx
        .update(conversationSides)
        .set({ lastMessageId: message.id, lastMessageAt: message.createdAt, lastReadId: message.id })
        .where(
          and(
            eq(conversationSides.userId, message.senderId),
            eq(conversationSides.conversationId, message.conversationId),
          ),
        )
      const [recipient] = await tx
        .update(conversationSides)
        .set({
          lastMessageId: message.id,
          lastMessageAt: message.createdAt,
          unread: sql`${conversationSides.unread} + ${counts}`,
          peerHasSpent: sql`${conversationSides.peerHasSpent} OR ${senderHasSpent}`,
        })
        .where(
          and(
            eq(conversationSides.userId, recipientId),
            eq(conversationSides.conversationId, message.conversationId),
          ),
        )
        .returning()
      if (!recipient) throw new Error('recipient side is missing')
      return recipient
    },

    /** Messages of a conversation newest first, before message `beforeId` when paging back. */
    async messages(conversationId: number, beforeId: number | null, limit: number): Promise<MessageRow[]> {
      return db
        .select()
        .from(chatMessages)
        .where(
          and(
            eq(chatMessages.conversationId, conversationId),
            beforeId === null ? undefined : lt(chatMessages.id, beforeId),
          ),
        )
        .orderBy(desc(chatMessages.id))
        .limit(limit)
    },

    /**
     * Marks a side read up to `messageId` (never backwards); its unread count becomes the other side's
     * messages after that point that count (not system lines), so it is exact however reads interleave.
     */
    async markRead(userId: number, conversationId: number, messageId: number): Promise<SideRow | null> {
      const [row] = await db
        .update(conversationSides)
        .set({
          lastReadId: sql`GREATEST(${conversationSides.lastReadId}, ${messageId})`,
          unread: sql`(
            SELECT count(*)::int FROM chat_messages m
            WHERE m.conversation_id = ${conversationId} AND m.sender_id <> ${userId}
              AND m.msg_type <> ${MsgType.System}
              AND m.id > GREATEST(${conversationSides.lastReadId}, ${messageId}))`,
        })
        .where(
          and(eq(conversationSides.userId, userId), eq(conversationSides.conversationId, conversationId)),
        )
        .returning()
      return row ?? null
    },

    async setMuted(userId: number, conversationId: number, muted: boolean): Promise<SideRow | null> {
      const [row] = await db
        .update(conversationSides)
        .set({ muted })
        .where(
          and(eq(conversationSides.userId, userId), eq(conversationSides.conversationId, conversationId)),
        )
        .returning()
      return row ?? null
    },

    /** TC and SC (spec §3/§4): unread of conversations not muted, and of those whose other side spent. */
    async unreadTotals(userId: number): Promise<{ TC: number; SC: number }> {
      const [row] = await db
        .select({
          tc: sql<number>`COALESCE(SUM(${conversationSides.unread}) FILTER (WHERE NOT ${conversationSides.muted}), 0)::int`,
          sc: sql<number>`COALESCE(SUM(${conversationSides.unread}) FILTER (WHERE NOT ${conversationSides.muted} AND ${conversationSides.peerHasSpent}), 0)::int`,
        })
        .from(conversationSides)
        .where(and(eq(conversationSides.userId, userId), sql`${conversationSides.unread} > 0`))
      return { TC: Number(row?.tc ?? 0), SC: Number(row?.sc ?? 0) }
    },

    /**
     * A user's conversations that have a message, newest first (keyset on the last message's time and the
     * conversation id), narrowed by a filter and a name search, with the other side's card and the last
     * message.
     */
    async conversationsPage(
      userId: number,
      options: { filter: ConversationFilter; q?: string; cursor: Cursor | null; limit: number; now: Date },
    ): Promise<ConversationRow[]> {
      const { filter, q, cursor, limit, now } = options
      const sides = conversationSides
      const search = q ? `${q.replace(/[\\%_]/g, (c) => `\\${c}`).toLowerCase()}%` : null
      const rows = await db
        .select({
          side: sides,
          peer: peerColumns,
          peerReadId: sql<number>`(SELECT p.last_read_id FROM conversation_sides p
            WHERE p.user_id = ${sides.peerId} AND p.conversation_id = ${sides.conversationId})`,
          last: chatMessages,
          settings: {
            price: paidMessageSettings.price,
            membersFree: paidMessageSettings.membersFree,
            creatorsFree: paidMessageSettings.creatorsFree,
          },
          isMember: memberOfPeer(userId, now),
          ...peerAsFan(userId, now),
          at: cursorText(sides.lastMessageAt),
        })
        .from(sides)
        .innerJoin(users, eq(users.id, sides.peerId))
        .leftJoin(chatMessages, eq(chatMessages.id, sides.lastMessageId))
        .leftJoin(paidMessageSettings, eq(paidMessageSettings.creatorId, sides.peerId))
        .where(
          and(
            eq(sides.userId, userId),
            sql`${sides.lastMessageAt} IS NOT NULL`,
            cursor
              ? sql`(${sides.lastMessageAt}, ${sides.conversationId}) < (${cursor.at}::timestamptz, ${cursor.id}::bigint)`
              : undefined,
            filter === 'unread' ? sql`${sides.unread} > 0` : undefined,
            filter === 'spenders' ? eq(sides.peerHasSpent, true) : undefined,
            filter === 'members' ? isLiveMember(sides.peerId, userId, now) : undefined,
            search
              ? sql`(lower(${users.nickname}) LIKE ${search} OR lower(${users.userName}) LIKE ${search})`
              : undefined,
          ),
        )
        .orderBy(sql`${sides.lastMessageAt} desc nulls last`, sql`${sides.conversationId} desc nulls last`)
        .limit(limit)
      return rows.map((row) => ({
        side: row.side,
        peer: row.peer,
        peerReadId: Number(row.peerReadId ?? 0),
        last: row.last,
        peerSettings: row.settings,
        isMember: row.isMember === true,
        peerIsMember: row.peerIsMember === true,
        peerSpentCents: Number(row.peerSpentCents ?? 0),
        cursor: { at: row.at, id: row.side.conversationId },
      }))
    },

    /** One conversation as the list shows it, for `userId`'s side. */
    async conversationOf(
      userId: number,
      conversationId: number,
      now: Date,
    ): Promise<Omit<ConversationRow, 'cursor'> | null> {
      const sides = conversationSides
      const [row] = await db
        .select({
          side: sides,
          peer: peerColumns,
          peerReadId: sql<number>`(SELECT p.last_read_id FROM conversation_sides p
            WHERE p.user_id = ${sides.peerId} AND p.conversation_id = ${sides.conversationId})`,
          last: chatMessages,
          settings: {
            price: paidMessageSettings.price,
            membersFree: paidMessageSettings.membersFree,
            creatorsFree: paidMessageSettings.creatorsFree,
          },
          isMember: memberOfPeer(userId, now),
          ...peerAsFan(userId, now),
        })
        .from(sides)
        .innerJoin(users, eq(users.id, sides.peerId))
        .leftJoin(chatMessages, eq(chatMessages.id, sides.lastMessageId))
        .leftJoin(paidMessageSettings, eq(paidMessageSettings.creatorId, sides.peerId))
        .where(and(eq(sides.userId, userId), eq(sides.conversationId, conversationId)))
      if (!row) return null
      const { settings, ...rest } = row
      return {
        ...rest,
        peerReadId: Number(row.peerReadId ?? 0),
        peerSettings: settings,
        isMember: row.isMember === true,
        peerIsMember: row.peerIsMember === true,
        peerSpentCents: Number(row.peerSpentCents ?? 0),
      }
    },

    /**
     * Both sides of a conversation, locked for the rest of the transaction in user id order. Every
     * transaction that writes a conversation's sides takes them here first, before any other row of either
     * user (money included): two people writing to each other at the same moment then queue instead of
     * each holding one side and waiting for the other (a deadlock).
     */
    async lockSides(tx: Tx, conversationId: number, userIds: [number, number]): Promise<SideRow[]> {
      return tx
        .select()
        .from(conversationSides)
        .where(
          and(
            inArray(conversationSides.userId, userIds),
            eq(conversationSides.conversationId, conversationId),
          ),
        )
        .orderBy(conversationSides.userId)
        .for('update')
    },

    /** Whether any of these media is a video (read in the caller's transaction: a mass message's batch). */
    anyVideo: (ids: readonly number[], conn: Conn = db): Promise<boolean> => anyVideo(conn, ids),

    async message(id: number): Promise<MessageRow | null> {
      const [row] = await db.select().from(chatMessages).where(eq(chatMessages.id, id))
      return row ?? null
    },

    /** The account a conversation partner is (role, deleted), for the open and send checks. */
    async person(userId: number): Promise<PeerRow | null> {
      const [row] = await db.select(peerColumns).from(users).where(eq(users.id, userId))
      return row ?? null
    },
  }
}

export type ChatRepo = ReturnType<typeof createChatRepo>
