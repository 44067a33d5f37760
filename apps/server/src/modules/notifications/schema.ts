import { sql } from 'drizzle-orm'
import { bigint, index, integer, jsonb, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core'
import { users } from '../auth/schema.ts'

/** The parts of a NotificationItem (spec §3) kept as JSON: their shape is the contract's. */
export interface NotificationParts {
  left: { content: string | null; type: number }
  middle: { title: string; summary: string }
  right: { type: number; content: string } | null
  meta: { tokens?: number; conversation_id?: string }
}

export const notifications = pgTable(
  'notifications',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    notifyType: smallint('notify_type').notNull(),
    isShow: smallint('is_show').notNull().default(1),
    isAdd: smallint('is_add').notNull().default(1),
    showSeconds: integer('show_seconds'),
    link: text('link'),
    parts: jsonb('parts').$type<NotificationParts>().notNull(),
    content: text('content').notNull().default(''),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The list (keyset on id, newest first) and the unread count both start from the user.
    index('notifications_user_id_idx').on(t.userId, t.id),
    index('notifications_user_unread_idx').on(t.userId).where(sql`${t.readAt} IS NULL`),
  ],
)

export type NotificationRow = typeof notifications.$inferSelect
export type NewNotification = typeof notifications.$inferInsert

/**
 * Events of our e-mails (spec §5 `notify/email/event/report`): a link clicked (2) or an e-mail opened (1), for
 * the user the e-mail went to (`s` of the link), reported by that user's own session (a report for someone
 * else is refused, so both ids are the same on rows written since that rule).
 */
export const emailEvents = pgTable(
  'email_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The user the e-mail went to (not a reference: older rows kept the link's claim as given). */
    recipientId: bigint('recipient_id', { mode: 'number' }).notNull(),
    /** The session's user that reported it (older rows: a guest or another account too). */
    reporterId: bigint('reporter_id', { mode: 'number' }),
    template: text('template').notNull(),
    eventType: smallint('event_type').notNull(),
    payload: jsonb('payload').$type<Record<string, string | number>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('email_events_template_idx').on(t.template, t.createdAt)],
)
