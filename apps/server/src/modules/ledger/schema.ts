import { sql } from 'drizzle-orm'
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'

/**
 * A ledger account (DESIGN §4). User accounts (a fan's coin wallet, a creator's payout wallet) keep their
 * balance in `balance`, updated in the same transaction as the postings, and the database refuses a negative
 * one. System accounts (platform revenue, clearing, fees...) may go negative and do not keep `balance`:
 * their balance is the sum of their postings (keeping no hot row that every sale would lock).
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** AccountKind (ledger/accounts.ts). */
    kind: smallint('kind').notNull(),
    /** The owner of a user account; null for system accounts. Not a foreign key: the ledger outlives rows. */
    userId: bigint('user_id', { mode: 'number' }),
    /** Unit: 1 coins, 2 US cents. */
    unit: smallint('unit').notNull(),
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_user_kind_idx').on(t.userId, t.kind).where(sql`${t.userId} IS NOT NULL`),
    uniqueIndex('ledger_accounts_system_kind_idx').on(t.kind).where(sql`${t.userId} IS NULL`),
    check('ledger_accounts_user_balance_check', sql`${t.userId} IS NULL OR ${t.balance} >= 0`),
    check('ledger_accounts_system_balance_check', sql`${t.userId} IS NOT NULL OR ${t.balance} = 0`),
  ],
)

/**
 * One money movement: a set of postings that sums to zero per unit. `idempotency_key` is unique, so an
 * operation can happen once; `item_type`/`item_id` name what was bought (a post, a gift, a membership period).
 */
export const ledgerTransfers = pgTable(
  'ledger_transfers',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** TransferKind (ledger/accounts.ts). */
    kind: smallint('kind').notNull(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    /** Who started it (a fan buying, a creator withdrawing); null for system jobs. */
    actorUserId: bigint('actor_user_id', { mode: 'number' }),
    /** The other party shown on statements (the creator paid, the fan who paid). */
    counterpartyUserId: bigint('counterparty_user_id', { mode: 'number' }),
    itemType: text('item_type'),
    itemId: text('item_id'),
    /** Reverses this transfer (refunds, chargebacks, failed payouts). */
    reversesId: bigint('reverses_id', { mode: 'number' }),
    /** Statement details: gross, fee, referral and net lines, coins, descriptions. */
    meta: jsonb('meta').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ledger_transfers_actor_idx').on(t.actorUserId, t.id),
    index('ledger_transfers_counterparty_idx').on(t.counterpartyUserId, t.id),
    index('ledger_transfers_item_idx').on(t.itemType, t.itemId),
    // A referrer's earnings (referrals/repo.ts) read the sales and reversals that name them.
    index('ledger_transfers_referrer_idx')
      .on(sql`(${t.meta}->>'referrer_id')`)
      .where(sql`(${t.meta}->>'referrer_id') IS NOT NULL`),
    // The spec's rule: a buyer owns an item once; a second purchase of the same item cannot be written.
    uniqueIndex('ledger_transfers_unlock_once_idx')
      .on(t.actorUserId, t.itemType, t.itemId)
      .where(sql`${t.kind} = 3`),
  ],
)

/** One line of a transfer: a signed amount on one account (credit > 0, debit < 0). */
export const ledgerPostings = pgTable(
  'ledger_postings',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    transferId: bigint('transfer_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerTransfers.id),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerAccounts.id),
    unit: smallint('unit').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ledger_postings_transfer_idx').on(t.transferId),
    // Statements page a user's postings by transfer, newest first.
    index('ledger_postings_account_idx').on(t.accountId, t.transferId),
    // What a creator earned lately (the earnings still clearing, the last 30 days).
    index('ledger_postings_account_time_idx').on(t.accountId, t.createdAt),
    check('ledger_postings_amount_check', sql`${t.amount} <> 0`),
  ],
)

/**
 * The stored answer of a money-moving call per (user, Idempotency-Key) (DESIGN §3): a replay gets the same
 * answer; the same key with other parameters is refused. Written in the same transaction as the effect.
 */
export const idempotencyRecords = pgTable(
  'idempotency_records',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    key: text('key').notNull(),
    /** The call's path: one key is one request to one call. */
    scope: text('scope').notNull(),
    /** sha256 of the canonical request parameters. */
    requestHash: text('request_hash').notNull(),
    /** 0 while the first request runs, then the HTTP status; `response` is the answer's `data`. */
    status: integer('status').notNull(),
    response: jsonb('response').$type<unknown>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.key] }),
    index('idempotency_records_created_idx').on(t.createdAt),
  ],
)

/** A creator's share of each sale (DESIGN §4: 80% by default, up to 90% per creator). */
export const creatorTerms = pgTable(
  'creator_terms',
  {
    creatorId: bigint('creator_id', { mode: 'number' }).primaryKey(),
    shareBps: integer('share_bps').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('creator_terms_share_check', sql`${t.shareBps} BETWEEN 0 AND 9000`)],
)
