import { sql } from 'drizzle-orm'
import {
  bigint,
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
import { chatMessages } from '../chat/schema.ts'
import { posts } from '../posts/schema.ts'

/**
 * A mass message: what a creator sends to an audience, now or at `send_at`. Status (MassStatus):
 * 1 scheduled, 2 sending (the audience is fixed in mass_recipients), 3 successful, 4 failed (`failure`).
 */
export const massMessages = pgTable(
  'mass_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    creatorId: bigint('creator_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The composer's id: a retried create finds the first. */
    clientId: text('client_id').notNull(),
    /** MassKind: 1 message, 2 post. */
    kind: smallint('kind').notNull(),
    status: smallint('status').notNull().default(1),
    /** MassAudienceKind and its parameters. */
    audience: text('audience').notNull(),
    spentLevel: smallint('spent_level'),
    listIds: bigint('list_ids', { mode: 'number' }).array().notNull().default(sql`'{}'::bigint[]`),
    text: text('text').notNull().default(''),
    mediaIds: bigint('media_ids', { mode: 'number' }).array().notNull().default(sql`'{}'::bigint[]`),
    /** A PPV mass message's price in coins. */
    price: integer('price'),
    postId: bigint('post_id', { mode: 'number' }).references(() => posts.id, { onDelete: 'set null' }),
    sendAt: timestamp('send_at', { withTimezone: true }).notNull(),
    /** Recipients fixed when sending started. */
    recipients: integer('recipients'),
    failure: text('failure'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('mass_messages_client_idx').on(t.creatorId, t.clientId),
    // /mass/list (newest first, keyset on id) and the one-per-6-hours check (by send time).
    index('mass_messages_creator_idx').on(t.creatorId, t.id.desc()),
    index('mass_messages_creator_send_idx').on(t.creatorId, t.sendAt),
    // The sweep: what is due or still sending.
    index('mass_messages_open_idx').on(t.status, t.sendAt).where(sql`${t.status} IN (1, 2)`),
    check('mass_messages_status_check', sql`${t.status} BETWEEN 1 AND 4`),
  ],
)

/**
 * Who a mass message goes to, fixed when sending starts: one row per recipient. `state` 0 pending,
 * 1 delivered (`message_id` is the chat message, written in the same transaction as the message), 2 skipped
 * (blocked since, or the account is gone).
 */
export const massRecipients = pgTable(
  'mass_recipients',
  {
    massId: bigint('mass_id', { mode: 'number' })
      .notNull()
      .references(() => massMessages.id, { onDelete: 'cascade' }),
    recipientId: bigint('recipient_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    state: smallint('state').notNull().default(0),
    messageId: bigint('message_id', { mode: 'number' }).references(() => chatMessages.id, {
      onDelete: 'set null',
    }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.massId, t.recipientId] }),
    // The sender's next batch: pending recipients of one mass message.
    index('mass_recipients_pending_idx').on(t.massId, t.recipientId).where(sql`${t.state} = 0`),
    index('mass_recipients_recipient_idx').on(t.recipientId),
    index('mass_recipients_message_idx').on(t.messageId),
  ],
)
