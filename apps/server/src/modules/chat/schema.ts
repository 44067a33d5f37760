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
    /** Free messages this side (a fan) has sent the other side (a creator with a price) so far. */
    freeUsed: integer('free_used').notNull().default(0),
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
    /** Photos and videos in display order (media ids of the sender's uploads). */
    mediaIds: bigint('media_ids', { mode: 'number' }).array().notNull().default(sql`'{}'::bigint[]`),
    /** A PPV message's price in coins. */
    price: integer('price'),
    /**
     * What a PPV message sells: `<creator>:<sorted media ids>`, the ledger unlock's item id, so the same
     * photos sent again (another message, a mass message) are never sold twice to one fan.
     */
    contentKey: text('content_key'),
    /** A tip's or a gift's coins. */
    coins: integer('coins'),
    giftId: integer('gift_id'),
    /** Coins the sender paid for this message (a paid message), held until the creator replies. */
    paidCoins: integer('paid_coins'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('chat_messages_conversation_idx').on(t.conversationId, t.id.desc()),
    uniqueIndex('chat_messages_client_id_idx')
      .on(t.senderId, t.clientMsgId)
      .where(sql`${t.clientMsgId} IS NOT NULL`),
  ],
)

/**
 * Paid messages waiting for the creator's reply (DESIGN §8): the fan paid when sending; a reply settles them
 * (kept), 72 hours without one refunds them. `state`: 1 waiting, 2 kept, 3 refunded.
 */
export const chatPaidMessages = pgTable(
  'chat_paid_messages',
  {
    messageId: bigint('message_id', { mode: 'number' })
      .primaryKey()
      .references(() => chatMessages.id, { onDelete: 'cascade' }),
    conversationId: bigint('conversation_id', { mode: 'number' })
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    fanId: userRef('fan_id'),
    creatorId: userRef('creator_id'),
    coins: integer('coins').notNull(),
    /** The sale's ledger transfer (a refund reverses it). */
    transferId: bigint('transfer_id', { mode: 'number' }).notNull(),
    state: smallint('state').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    index('chat_paid_messages_waiting_idx').on(t.createdAt).where(sql`${t.state} = 1`),
    index('chat_paid_messages_conversation_idx').on(t.conversationId).where(sql`${t.state} = 1`),
  ],
)

/** A creator's paid message price and who messages free (/setting/paid_message). */
export const paidMessageSettings = pgTable(
  'paid_message_settings',
  {
    creatorId: userRef('creator_id').primaryKey(),
    price: integer('price').notNull().default(0),
    membersFree: boolean('members_free').notNull().default(true),
    creatorsFree: boolean('creators_free').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('paid_message_settings_price_check', sql`${t.price} >= 0`)],
)
