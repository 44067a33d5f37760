import { bigint, index, pgTable, primaryKey, smallint, timestamp } from 'drizzle-orm/pg-core'
import { users } from '../auth/schema.ts'
import { posts } from '../posts/schema.ts'

const userRef = (name: string) =>
  bigint(name, { mode: 'number' })
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' })

/**
 * A fan owns a PPV post (one row per buyer and post). The money issue writes these in the same transaction
 * as the purchase's ledger transfer; posts only read them through the entitlements service.
 */
export const postUnlocks = pgTable(
  'post_unlocks',
  {
    userId: userRef('user_id'),
    postId: bigint('post_id', { mode: 'number' })
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.postId] }), index('post_unlocks_post_idx').on(t.postId)],
)

/**
 * A fan's membership of a creator. Active until `current_period_end`, then in grace until `grace_until`
 * (DESIGN §8: 7 days of retries); both count as a member for visibility. The money issue charges and renews.
 */
export const memberships = pgTable(
  'memberships',
  {
    fanId: userRef('fan_id'),
    creatorId: userRef('creator_id'),
    /** 1 active, 2 in grace, 3 ended. */
    status: smallint('status').notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
    graceUntil: timestamp('grace_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.fanId, t.creatorId] }),
    index('memberships_creator_idx').on(t.creatorId, t.status),
  ],
)
