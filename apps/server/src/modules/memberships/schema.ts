import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
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
import { users } from '../auth/schema.ts'

const userRef = (name: string) =>
  bigint(name, { mode: 'number' })
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' })
const at = (name: string) => timestamp(name, { withTimezone: true })

/** A creator's membership plan: the monthly price and a promo for new members (spec §5). */
export const membershipPlans = pgTable(
  'membership_plans',
  {
    creatorId: userRef('creator_id').primaryKey(),
    priceCents: integer('price_cents').notNull(),
    promoPercent: smallint('promo_percent'),
    promoEndsAt: at('promo_ends_at'),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [check('membership_plans_price_check', sql`${t.priceCents} BETWEEN 100 AND 100000`)],
)

/** Bundles a creator offers: 3, 6 or 12 months at a discount. */
export const membershipBundles = pgTable(
  'membership_bundles',
  {
    creatorId: userRef('creator_id'),
    months: smallint('months').notNull(),
    discountPercent: smallint('discount_percent').notNull(),
  },
  (t) => [primaryKey({ columns: [t.creatorId, t.months] })],
)

/** Free-trial links: `days` of membership without a charge, for new members, at most `max_uses` times. */
export const membershipTrials = pgTable(
  'membership_trials',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    creatorId: userRef('creator_id'),
    code: text('code').notNull().unique(),
    days: smallint('days').notNull(),
    maxUses: integer('max_uses').notNull(),
    uses: integer('uses').notNull().default(0),
    revokedAt: at('revoked_at'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    index('membership_trials_creator_idx').on(t.creatorId, t.createdAt),
    check('membership_trials_uses_check', sql`${t.uses} <= ${t.maxUses}`),
  ],
)

export const membershipTrialRedemptions = pgTable(
  'membership_trial_redemptions',
  {
    trialId: bigint('trial_id', { mode: 'number' })
      .notNull()
      .references(() => membershipTrials.id, { onDelete: 'cascade' }),
    fanId: userRef('fan_id'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.trialId, t.fanId] }),
    index('membership_trial_redemptions_fan_idx').on(t.fanId),
  ],
)

/**
 * A fan's subscription to a creator: one row per pair, reused when the fan subscribes again. The billing
 * state lives here; entitlements' `memberships` row (what posts read) is written in the same transaction.
 * `next_charge_at` is when the renewal job charges next (period end, then daily in grace); `renewing_until`
 * is a short lease so one worker charges a period at a time.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    fanId: userRef('fan_id'),
    creatorId: userRef('creator_id'),
    /** MembershipStatus: 1 active, 2 grace, 3 ended. */
    status: smallint('status').notNull(),
    autoRenew: boolean('auto_renew').notNull().default(true),
    /** 1 monthly, or a bundle's months: each renewal repeats it. */
    months: smallint('months').notNull(),
    /** What each renewal charges (the regular price of the option when the fan subscribed). */
    renewCents: integer('renew_cents').notNull(),
    /** Our card id to charge; null = the fan's default card. */
    cardId: bigint('card_id', { mode: 'number' }),
    onTrial: boolean('on_trial').notNull().default(false),
    startedAt: at('started_at').notNull(),
    periodStart: at('period_start').notNull(),
    periodEnd: at('period_end').notNull(),
    graceUntil: at('grace_until'),
    nextChargeAt: at('next_charge_at'),
    failureCount: smallint('failure_count').notNull().default(0),
    renewingUntil: at('renewing_until'),
    /** The period end whose PrePaymentFailed (26) was sent, so it is sent once. */
    precheckFor: at('precheck_for'),
    endedAt: at('ended_at'),
    lifetimeCents: bigint('lifetime_cents', { mode: 'number' }).notNull().default(0),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('subscriptions_fan_creator_idx').on(t.fanId, t.creatorId),
    index('subscriptions_creator_idx').on(t.creatorId, t.status, t.startedAt),
    index('subscriptions_fan_idx').on(t.fanId, t.status, t.startedAt),
    index('subscriptions_due_idx').on(t.nextChargeAt).where(sql`${t.nextChargeAt} IS NOT NULL`),
  ],
)

/**
 * Subscription events (spec §3: SUBSCRIBE 1, RENEWAL 2): one per charged period, unique per
 * (subscription, period start) so a period is charged once however many workers try.
 */
export const subscriptionEvents = pgTable(
  'subscription_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    subscriptionId: bigint('subscription_id', { mode: 'number' })
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    event: smallint('event').notNull(),
    amountCents: integer('amount_cents').notNull(),
    periodStart: at('period_start').notNull(),
    periodEnd: at('period_end').notNull(),
    /** The card payment (payments module); null for a free trial. */
    paymentId: bigint('payment_id', { mode: 'number' }),
    transferId: bigint('transfer_id', { mode: 'number' }),
    trial: boolean('trial').notNull().default(false),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('subscription_events_period_idx').on(t.subscriptionId, t.periodStart),
    uniqueIndex('subscription_events_payment_idx').on(t.paymentId).where(sql`${t.paymentId} IS NOT NULL`),
  ],
)

/**
 * Subscribe calls by Idempotency-Key (DESIGN §3): the charge a key asked for and the answer it got. A
 * replay answers the stored answer, or (when the first try was cut short) asks payments again with the
 * same charge key, which payments answers once.
 */
export const membershipRequests = pgTable(
  'membership_requests',
  {
    fanId: userRef('fan_id'),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    charge: jsonb('charge').$type<Record<string, unknown>>(),
    answer: jsonb('answer').$type<Record<string, unknown>>(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.fanId, t.idempotencyKey] })],
)
