import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { users } from '../auth/schema.ts'

const userRef = (name: string) =>
  bigint(name, { mode: 'number' })
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' })

/** One conversation per pair of users, stored once with the lower id first. */
export const conversations = pgTable(
  'conversations',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userLow: userRef('user_low'),
    userHigh: userRef('user_high'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('conversations_pair_idx').on(t.userLow, t.userHigh),
    check('conversations_pair_order_check', sql`${t.userLow} < ${t.userHigh}`),
  ],
)

/**
 * Each side's view of a conversation: its unread count (spec §4), mute, whether the other side has spent
 * money with this side, how far it has read, and the time of the last message for the list order.
 */
export const conversationSides = pgTable(
  'conversation_sides',
  {
    userId: userRef('user_id'),
    conversationId: bigint('conversation_id', { mode: 'number' })
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    peerId: userRef('peer_id'),
    unread: integer('unread').notNull().default(0),
    muted: boolean('muted').notNull().default(false),
    peerHasSpent: boolean('peer_has_spent').notNull().default(false),
    lastReadId: bigint('last_read_id', { mode: 'number' }).notNull().default(0),
    lastMessageId: bigint('last_message_id', { mode: 'number' }),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.conversationId] }),
    // /message: this user's conversations with a message, newest first (keyset on time and id).
    index('conversation_sides_list_idx')
      .on(t.userId, t.lastMessageAt.desc(), t.conversationId.desc())
      .where(sql`${t.lastMessageAt} IS NOT NULL`),
    check('conversation_sides_unread_check', sql`${t.unread} >= 0`),
  ],
)

/** A message, stored once per sender and client message id (a retry finds the first). */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    conversationId: bigint('conversation_id', { mode: 'number' })
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: userRef('sender_id'),
    clientMsgId: text('client_msg_id'),
    /** MsgType (contract calls/chat.ts). */
    msgType: smallint('msg_type').notNull(),
    text: text('text').notNull().default(''),
    /** Authorship (creator, chatter, agent). */
    authorship: smallint('authorship').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('chat_messages_conversation_idx').on(t.conversationId, t.id.desc()),
    uniqueIndex('chat_messages_client_id_idx')
      .on(t.senderId, t.clientMsgId)
      .where(sql`${t.clientMsgId} IS NOT NULL`),
  ],
)
