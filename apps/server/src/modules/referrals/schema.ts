import { bigint, index, pgTable, smallint, timestamp } from 'drizzle-orm/pg-core'
import { users } from '../auth/schema.ts'

/**
 * Who referred whom (spec §2 Referral): one row per referred user, written when they sign up through
 * /ref/{code} or name their referrer in host verification. The referrer earns for 12 months from when the
 * referred user became a creator (referrals/service.ts).
 */
export const referrals = pgTable(
  'referrals',
  {
    referredId: bigint('referred_id', { mode: 'number' })
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    referrerId: bigint('referrer_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 1 a /ref/{code} link, 2 the host-verification answer. */
    source: smallint('source').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('referrals_referrer_idx').on(t.referrerId, t.createdAt, t.referredId)],
)
