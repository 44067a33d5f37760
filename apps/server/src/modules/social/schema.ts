import { sql } from 'drizzle-orm'
import {
  bigint,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { userNameSkeleton, users } from '../auth/schema.ts'

const userRef = (name: string) =>
  bigint(name, { mode: 'number' })
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' })

/**
 * Counters shown on a profile, changed in the same transaction as the row they count (a follow is
 * counted only when its insert happened), so they stay exact under concurrent follows.
 */
export const userStats = pgTable('user_stats', {
  userId: userRef('user_id').primaryKey(),
  followers: integer('followers').notNull().default(0),
  following: integer('following').notNull().default(0),
  posts: integer('posts').notNull().default(0),
  likes: integer('likes').notNull().default(0),
})

/** Old usernames: they redirect to the profile and stay reserved for Social.usernameRedirectDays. */
export const usernameHistory = pgTable(
  'username_history',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: userRef('user_id'),
    userName: text('user_name').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('username_history_name_idx').on(sql`lower(${t.userName})`, t.changedAt),
    index('username_history_skeleton_idx').on(userNameSkeleton(t.userName), t.changedAt),
    index('username_history_user_idx').on(t.userId),
  ],
)

export const follows = pgTable(
  'follows',
  {
    followerId: userRef('follower_id'),
    followeeId: userRef('followee_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.followerId, t.followeeId] }),
    index('follows_followee_created_idx').on(t.followeeId, t.createdAt, t.followerId),
    index('follows_follower_created_idx').on(t.followerId, t.createdAt, t.followeeId),
  ],
)

export const blocks = pgTable(
  'blocks',
  {
    blockerId: userRef('blocker_id'),
    blockedId: userRef('blocked_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index('blocks_blocked_idx').on(t.blockedId, t.blockerId),
    index('blocks_blocker_created_idx').on(t.blockerId, t.createdAt, t.blockedId),
  ],
)

/** Lists a user made of other users (/user/list), e.g. "VIP fans". */
export const userLists = pgTable(
  'user_lists',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    ownerId: userRef('owner_id'),
    name: text('name').notNull(),
    memberCount: integer('member_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('user_lists_owner_name_key').on(t.ownerId, sql`lower(${t.name})`)],
)

export const userListMembers = pgTable(
  'user_list_members',
  {
    listId: bigint('list_id', { mode: 'number' })
      .notNull()
      .references(() => userLists.id, { onDelete: 'cascade' }),
    userId: userRef('user_id'),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.listId, t.userId] }),
    index('user_list_members_list_added_idx').on(t.listId, t.addedAt, t.userId),
  ],
)

/** Reports for moderation; one open report per reporter and target. */
export const reports = pgTable(
  'reports',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    reporterId: userRef('reporter_id'),
    targetType: text('target_type').notNull(),
    targetId: bigint('target_id', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    details: text('details').notNull().default(''),
    status: text('status').notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reports_open_key')
      .on(t.reporterId, t.targetType, t.targetId)
      .where(sql`${t.status} = 'open'`),
    index('reports_status_created_idx').on(t.status, t.createdAt),
  ],
)
