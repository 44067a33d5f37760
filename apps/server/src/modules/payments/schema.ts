import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { users } from '../auth/schema.ts'

/** A saved card: the provider's token and what a person recognises it by (never the number). */
export const paymentCards = pgTable(
  'payment_cards',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    token: text('token').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: smallint('exp_month').notNull(),
    expYear: smallint('exp_year').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_cards_token_key').on(t.provider, t.token),
    index('payment_cards_user_idx').on(t.userId, t.id),
    // One default card per user among the cards not removed.
    uniqueIndex('payment_cards_default_key')
      .on(t.userId)
      .where(sql`${t.isDefault} AND ${t.removedAt} IS NULL`),
  ],
)

/**
 * A card payment. `status` only moves forward (0 pending → 1 requires_action → 2 succeeded | 3 failed →
 * 4 charged_back), and its purpose's effect runs in the transaction that makes the move. No foreign key
 * to users: money records outlive accounts, like the ledger.
 */
export const payments = pgTable(
  'payments',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    cardId: bigint('card_id', { mode: 'number' }).references(() => paymentCards.id, { onDelete: 'set null' }),
    amountCents: integer('amount_cents').notNull(),
    purpose: text('purpose').notNull(),
    reference: jsonb('reference').$type<Record<string, unknown>>().notNull().default({}),
    status: smallint('status').notNull().default(0),
    /** Unique per operation: the caller's key (coins: `coins:<user>:<Idempotency-Key>`). */
    key: text('key').notNull().unique(),
    provider: text('provider').notNull(),
    providerRef: text('provider_ref'),
    actionUrl: text('action_url'),
    declineCode: text('decline_code'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payments_user_idx').on(t.userId, t.id),
    index('payments_card_idx').on(t.cardId),
    uniqueIndex('payments_provider_ref_key').on(t.provider, t.providerRef),
    // The reconciliation sweep reads the few payments still waiting on the provider.
    index('payments_open_idx')
      .on(t.updatedAt)
      .where(sql`${t.status} IN (0, 1) AND ${t.providerRef} IS NOT NULL`),
  ],
)

/** Provider events applied, by event id: inserted in the same transaction as the event's effect. */
export const paymentWebhookEvents = pgTable('payment_webhook_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
})

/** Fans whose card payments are refused after a chargeback (support lifts it by deleting the row). */
export const paymentFlags = pgTable('payment_flags', {
  userId: bigint('user_id', { mode: 'number' }).primaryKey(),
  paymentId: bigint('payment_id', { mode: 'number' }).notNull(),
  reason: text('reason').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

/** The sandbox provider's hosted card forms (a real provider keeps these on its side). */
export const sandboxPaymentSetups = pgTable('sandbox_payment_setups', {
  id: text('id').primaryKey(),
  reference: text('reference').notNull(),
  returnUrl: text('return_url').notNull(),
  /** open | completed */
  status: text('status').notNull().default('open'),
  cardToken: text('card_token'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
})

/** The sandbox's tokenised cards: brand, last 4, expiry and the test behaviour; never the number. */
export const sandboxPaymentCards = pgTable('sandbox_payment_cards', {
  token: text('token').primaryKey(),
  brand: text('brand').notNull(),
  last4: text('last4').notNull(),
  expMonth: smallint('exp_month').notNull(),
  expYear: smallint('exp_year').notNull(),
  behaviour: text('behaviour').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

/** The sandbox's charges, one per idempotency key. */
export const sandboxPaymentCharges = pgTable('sandbox_payment_charges', {
  id: text('id').primaryKey(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  cardToken: text('card_token').notNull(),
  amountCents: integer('amount_cents').notNull(),
  reference: text('reference').notNull(),
  returnUrl: text('return_url').notNull(),
  /** requires_action | succeeded | failed | disputed */
  status: text('status').notNull(),
  declineCode: text('decline_code'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
})
