import { SKELETON_DROPPED, SKELETON_FOLD_FROM, SKELETON_FOLD_TO, SKELETON_M } from '@velvet/contract'
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  date,
  index,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'

/** A constant of the skeleton as an SQL literal (the same text in the expression indexes and the queries). */
function literal(text: string): SQL {
  if (/['\\]/.test(text)) throw new Error(`not a plain SQL literal: ${text}`)
  return sql.raw(`'${text}'`)
}

/**
 * A user name's look-alike skeleton in SQL: the contract's nameSkeleton of an ASCII user name,
 * built from the same constants (lower case, look-alike digits and letters folded, `.` and `_` dropped, `m`
 * as `rn`). Taken and reserved names compare on it, so `jane.doe` and `jane_d0e` are taken with `jane_doe`.
 */
export function userNameSkeleton(column: SQLWrapper): SQL {
  const from = literal(SKELETON_FOLD_FROM + SKELETON_DROPPED)
  return sql`replace(translate(lower(${column}), ${from}, ${literal(SKELETON_FOLD_TO)}), ${literal(SKELETON_M.from)}, ${literal(SKELETON_M.to)})`
}

export const users = pgTable(
  'users',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity({ startWith: 10_000_001 }),
    userType: smallint('user_type').notNull(),
    userRole: smallint('user_role').notNull().default(0),
    email: text('email'),
    googleSub: text('google_sub'),
    userName: text('user_name'),
    nickname: text('nickname'),
    portrait: text('portrait'),
    bio: text('bio').notNull().default(''),
    birthday: date('birthday', { mode: 'string' }),
    referrerCode: text('referrer_code'),
    profileCompletedAt: timestamp('profile_completed_at', { withTimezone: true }),
    /** Written by the users module (client reports and the adult popup). */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    lastOpenSource: smallint('last_open_source'),
    installPromptedAt: timestamp('install_prompted_at', { withTimezone: true }),
    adultConfirmedAt: timestamp('adult_confirmed_at', { withTimezone: true }),
    /** /setting/adult_setting (account module). */
    showAdultContent: boolean('show_adult_content').notNull().default(true),
    blurPreviews: boolean('blur_previews').notNull().default(false),
    /** E-mail categories turned off (account module); absent keys are on. */
    emailOptOuts: jsonb('email_opt_outs').$type<Record<string, boolean>>().notNull().default({}),
    /** Deleted accounts keep their row (ids stay referenced) with personal fields cleared. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_google_sub_key').on(t.googleSub),
    uniqueIndex('users_user_name_lower_key').on(sql`lower(${t.userName})`),
    index('users_user_name_skeleton_idx').on(userNameSkeleton(t.userName)),
  ],
)

export const sessions = pgTable(
  'sessions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    deviceId: text('device_id'),
    /** What /user/account shows about the session: the sign-in's user agent, address and its country. */
    userAgent: text('user_agent'),
    ip: text('ip'),
    country: text('country'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_id_idx').on(t.userId)],
)

export const emailCodes = pgTable(
  'email_codes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    /** What the code confirms: signing in, or deleting the account. */
    purpose: text('purpose').notNull().default('login'),
    codeHash: text('code_hash').notNull(),
    ip: text('ip'),
    attempts: smallint('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [index('email_codes_email_created_idx').on(t.email, t.createdAt)],
)

export type UserRow = typeof users.$inferSelect
export type SessionRow = typeof sessions.$inferSelect
export type EmailCodeRow = typeof emailCodes.$inferSelect
