import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  date,
  index,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { users } from '../auth/schema.ts'

/**
 * A creator's payout methods (spec §5). Only what we show and what the payout provider needs is kept:
 * a bank account by its last four digits and the provider's recipient token, never the full number.
 */
export const payoutMethods = pgTable(
  'payout_methods',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** PayoutMethodKind: 1 ACH, 2 PayPal, 3 USDT TRC20. */
    kind: smallint('kind').notNull(),
    /** What the owner sees: "Jane Doe ••••6789", the PayPal e-mail, the TRON address. */
    detail: text('detail').notNull(),
    /** Shown fields per kind (ACH: account name, routing number, last4, type). No secrets. */
    info: jsonb('info').$type<Record<string, string>>().notNull().default({}),
    provider: text('provider').notNull(),
    /** The provider's recipient token: what a withdrawal is sent to. */
    providerToken: text('provider_token').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [
    index('payout_methods_user_idx').on(t.userId, t.id),
    uniqueIndex('payout_methods_one_default_idx')
      .on(t.userId)
      .where(sql`${t.isDefault} AND ${t.removedAt} IS NULL`),
  ],
)

/**
 * Tax settings (W-9 for US persons, W-8BEN otherwise), required before the first payout. The tax id is kept
 * as its last four characters and a keyed hash (to notice a change), never in full.
 */
export const payoutTaxSettings = pgTable('payout_tax_settings', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** 'w9' | 'w8ben' */
  form: text('form').notNull(),
  legalName: text('legal_name').notNull(),
  /** 'ssn' | 'ein' | 'foreign' */
  tinType: text('tin_type').notNull(),
  tinLast4: text('tin_last4').notNull(),
  tinHash: text('tin_hash').notNull(),
  country: text('country').notNull(),
  dateOfBirth: date('date_of_birth', { mode: 'string' }),
  address: jsonb('address').$type<Record<string, string>>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  /** The legal name typed to sign the W-9 certification (Part II), and when; null on a W-8BEN. */
  signatureName: text('signature_name'),
  signedAt: timestamp('signed_at', { withTimezone: true }),
})

/**
 * Withdrawals: requested → processing → paid, or failed (spec §9). The money moves in the ledger
 * (PayoutRequest, then PayoutPaid or PayoutFailed); this row follows the provider's side.
 */
export const payouts = pgTable(
  'payouts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    methodId: bigint('method_id', { mode: 'number' })
      .notNull()
      .references(() => payoutMethods.id),
    /** The method as it was when requested (it may be removed later). */
    methodKind: smallint('method_kind').notNull(),
    methodDetail: text('method_detail').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    feeCents: bigint('fee_cents', { mode: 'number' }).notNull(),
    netCents: bigint('net_cents', { mode: 'number' }).notNull(),
    /** PayoutStatus: 1 requested, 2 processing, 3 paid, 4 failed. */
    status: smallint('status').notNull(),
    requestTransferId: bigint('request_transfer_id', { mode: 'number' }).notNull(),
    providerRef: text('provider_ref'),
    failureReason: text('failure_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    processingAt: timestamp('processing_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
  },
  (t) => [
    index('payouts_user_idx').on(t.userId, t.id),
    index('payouts_method_idx').on(t.methodId),
    index('payouts_open_idx').on(t.status, t.id).where(sql`${t.status} IN (1, 2)`),
    index('payouts_failed_idx').on(t.userId, t.failedAt).where(sql`${t.status} = 4`),
    check(
      'payouts_amounts_check',
      sql`${t.netCents} > 0 AND ${t.feeCents} >= 0 AND ${t.amountCents} = ${t.netCents} + ${t.feeCents}`,
    ),
  ],
)
