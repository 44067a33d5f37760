import { bigint, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { users } from '../auth/schema.ts'

/** One web push subscription per (user, device); the browser refreshes it every 50 min. */
export const pushInstallations = pgTable(
  'push_installations',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceId: text('device_id').notNull(),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('push_installations_user_device_key').on(t.userId, t.deviceId),
    index('push_installations_endpoint_idx').on(t.endpoint),
  ],
)

export type PushInstallationRow = typeof pushInstallations.$inferSelect
