import { sql } from 'drizzle-orm'
import { bigint, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { users } from '../auth/schema.ts'

/** A creator's blocked places: a country (region null) or a US state. */
export const blockedLocations = pgTable(
  'blocked_locations',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    country: text('country').notNull(),
    region: text('region'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('blocked_locations_place_key').on(t.userId, t.country, sql`coalesce(${t.region}, '')`),
    index('blocked_locations_user_idx').on(t.userId),
  ],
)
