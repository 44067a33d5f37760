import { bigint, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { users } from '../auth/schema.ts'

/** Operator-set values that override the defaults of SystemSettings (key = the contract field name). */
export const systemSettings = pgTable('system_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/** Generic client reports (spec §7 common_report): kept for analytics, never read by the app. */
export const clientReports = pgTable(
  'client_reports',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    payload: jsonb('payload').$type<Record<string, string | number | boolean>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('client_reports_user_id_idx').on(t.userId),
    index('client_reports_created_at_idx').on(t.createdAt),
  ],
)
