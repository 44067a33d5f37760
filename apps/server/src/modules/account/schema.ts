import { bigint, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { users } from '../auth/schema.ts'

/** Acceptances of legal documents (terms, creator agreement), with the time and address they came from. */
export const legalAcceptances = pgTable(
  'legal_acceptances',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    version: text('version').notNull(),
    ip: text('ip'),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('legal_acceptances_user_kind_idx').on(t.userId, t.kind, t.acceptedAt)],
)
