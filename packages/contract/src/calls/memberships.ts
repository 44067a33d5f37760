import { z } from 'zod'
import { formatUsd, MembershipRules } from '../money.ts'
import { NotifyType } from '../realtime.ts'
import { Id } from '../rules/ids.ts'
import { LineText } from '../rules/text.ts'
import { UserId } from './auth.ts'
import { defineCall } from './define.ts'
import { PageQuery, pageOf, QueryUserId } from './profile.ts'

/**
 * Memberships (spec §4, §5, §9): a creator's plan (monthly price in US dollars, bundles, a promo for
 * new members, free-trial links), subscribing by card, renewals with a 7-day grace, the fan's and the
 * creator's lists.
 */

/** Limits of plans and trial links beyond MembershipRules (money.ts). */
export const MembershipLimits = {
  promoPercentMin: 5,
  promoPercentMax: 90,
  /** A promo ends at most this many days ahead. */
  promoDaysMax: 90,
  trialDaysMin: 1,
  trialUsesMin: 1,
  trialUsesMax: 10_000,
  /** Open trial links per creator. */
  trialLinksMax: 20,
  /** A trial link code: letters and digits. */
  trialCodePattern: /^[A-Za-z0-9]{6,32}$/,
} as const

export const MembershipTexts = {
  bundleDiscount: `A discount is a whole number from 1 to ${MembershipRules.bundleDiscountMaxPercent}.`,
  promoPercent: `A promo is a whole number from ${MembershipLimits.promoPercentMin} to ${MembershipLimits.promoPercentMax} percent.`,
  promoEnds: `A promo ends in the future, at most ${MembershipLimits.promoDaysMax} days ahead.`,
  trialDays: `A free trial lasts 1 to ${MembershipRules.trialDaysMax} days.`,
  trialUses: `A link can be used 1 to ${MembershipLimits.trialUsesMax.toLocaleString('en-US')} times.`,
  notOffered: 'This creator does not offer memberships yet.',
  renewalFailed: 'Your membership renewal failed. Update your card to keep access.',
  preRenewalNoCard: 'Your membership renews tomorrow but you have no usable card.',
  /**
   * The subscribe button, with what is charged now: "Subscribe · US$9.99/month", the promo's
   * "Subscribe · US$7.99 first month", a bundle's "Subscribe · US$25.47 for 3 months".
   */
  subscribeButton: (charge: { amountCents: number; months: number; promo: boolean }): string => {
    const amount = formatUsd(charge.amountCents)
    if (charge.months > 1) return `Subscribe · ${amount} for ${charge.months} months`
    return charge.promo ? `Subscribe · ${amount} first month` : `Subscribe · ${amount}/month`
  },
  startTrial: 'Start free trial',
  renewNow: (amountCents: number): string => `Pay ${formatUsd(amountCents)}`,
} as const

/** Whole US cents of a dollar amount typed by a person (at most two decimals). */
export function usdToCents(usd: number): number {
  return Math.round(usd * 100)
}

/** The monthly price a creator types: $1-$1,000 with at most two decimals (spec §5). */
export const MembershipPriceUsd = z
  .number({ message: MembershipRules.priceMessage })
  .min(MembershipRules.priceMinUsd, { message: MembershipRules.priceMessage })
  .max(MembershipRules.priceMaxUsd, { message: MembershipRules.priceMessage })
  .refine((usd) => Math.abs(usd * 100 - Math.round(usd * 100)) < 1e-6, {
    message: MembershipRules.priceMessage,
  })

export const BundleMonths = z.union([z.literal(3), z.literal(6), z.literal(12)])
export type BundleMonths = z.infer<typeof BundleMonths>

export const BundleInput = z.object({
  months: BundleMonths,
  discount_percent: z
    .number()
    .int({ message: MembershipTexts.bundleDiscount })
    .min(1, { message: MembershipTexts.bundleDiscount })
    .max(MembershipRules.bundleDiscountMaxPercent, { message: MembershipTexts.bundleDiscount }),
})

/** The last second a date can name (31 Dec 9999): a larger `ends_at` is not a date at all. */
const PROMO_ENDS_AT_MAX = 253_402_300_799

export const PromoInput = z.object({
  percent_off: z
    .number()
    .int({ message: MembershipTexts.promoPercent })
    .min(MembershipLimits.promoPercentMin, { message: MembershipTexts.promoPercent })
    .max(MembershipLimits.promoPercentMax, { message: MembershipTexts.promoPercent }),
  /** Unix seconds; the service holds it to the next promoDaysMax days. The bound keeps it a real date. */
  ends_at: z.number().int().positive().max(PROMO_ENDS_AT_MAX, { message: MembershipTexts.promoEnds }),
})

/** The price of a bundle: months × monthly price less the discount, rounded down to the cent. */
export function bundleCents(monthlyCents: number, months: number, discountPercent: number): number {
  return Math.floor((monthlyCents * months * (100 - discountPercent)) / 100)
}

/** The first month at a promo price, rounded down to the cent (never below $1). */
export function promoCents(monthlyCents: number, percentOff: number): number {
  return Math.max(100, Math.floor((monthlyCents * (100 - percentOff)) / 100))
}

export const SavePlanInput = z
  .object({
    price_usd: MembershipPriceUsd,
    bundles: z.array(BundleInput).max(3).default([]),
    promo: PromoInput.nullable().default(null),
  })
  .refine((plan) => new Set(plan.bundles.map((b) => b.months)).size === plan.bundles.length, {
    message: 'Each bundle length can be offered once.',
    path: ['bundles'],
  })

export const BundleOffer = z.object({
  months: BundleMonths,
  discount_percent: z.number().int(),
  total_cents: z.number().int(),
})

export const PromoOffer = z.object({
  percent_off: z.number().int(),
  ends_at: z.number().int(),
  first_month_cents: z.number().int(),
})

/** A creator's plan. */
export const MembershipPlan = z.object({
  price_cents: z.number().int(),
  bundles: z.array(BundleOffer),
  /** Null when none is set or it ended. */
  promo: PromoOffer.nullable(),
})
export type MembershipPlan = z.infer<typeof MembershipPlan>

export const TrialLink = z.object({
  code: z.string(),
  days: z.number().int(),
  max_uses: z.number().int(),
  uses: z.number().int(),
  /** A web path: the creator's membership page with the trial (share it with the site's address). */
  path: z.string(),
  revoked: z.boolean(),
  created_at: z.number().int(),
})
export type TrialLink = z.infer<typeof TrialLink>

export const SubscriptionStatusName = z.enum(['active', 'grace', 'ended'])
export type SubscriptionStatusName = z.infer<typeof SubscriptionStatusName>

export const MembershipCreator = z.object({
  user_id: UserId,
  user_name: z.string().nullable(),
  nickname: z.string().nullable(),
  portrait: z.string().nullable(),
  verified: z.boolean(),
})
export type MembershipCreator = z.infer<typeof MembershipCreator>

/** A fan's membership of a creator as the fan sees it. */
export const Subscription = z.object({
  creator: MembershipCreator,
  status: SubscriptionStatusName,
  auto_renew: z.boolean(),
  /** 1 monthly, or the bundle's months. */
  months: z.number().int(),
  /** What the next renewal charges (US cents). */
  renew_cents: z.number().int(),
  /** Unix seconds. */
  since: z.number().int(),
  period_end: z.number().int(),
  /** Set while in grace: access ends then unless a renewal succeeds. */
  grace_until: z.number().int().nullable(),
  /** When the next charge is tried; null when none will be (auto-renew off, ended). */
  next_charge_at: z.number().int().nullable(),
  on_trial: z.boolean(),
  lifetime_cents: z.number().int(),
})
export type Subscription = z.infer<typeof Subscription>

export const SubscriptionCharge = z.object({
  /** SubscriptionEvent: 1 subscribe, 2 renewal. */
  event: z.number().int(),
  amount_cents: z.number().int(),
  period_start: z.number().int(),
  period_end: z.number().int(),
  trial: z.boolean(),
  created_at: z.number().int(),
})

export const membershipPlanMine = defineCall({
  method: 'GET',
  path: '/fapi/core/membership/plan/',
  access: 'account',
  summary: "The signed-in creator's membership plan (null before a price is set).",
  response: z.object({ plan: MembershipPlan.nullable(), promo_input: PromoInput.nullable() }),
})

export const membershipPlanSave = defineCall({
  method: 'POST',
  path: '/fapi/core/membership/plan_save/',
  access: 'account',
  summary: 'Set the monthly price ($1-$1,000), bundles (3/6/12 months) and a promo for new members.',
  input: SavePlanInput,
  response: z.object({ plan: MembershipPlan }),
})

export const trialLinkCreate = defineCall({
  method: 'POST',
  path: '/fapi/core/membership/trial_create/',
  access: 'account',
  summary: 'Create a free-trial link (1-30 days, limited uses) for new members.',
  input: z.object({
    days: z
      .number()
      .int({ message: MembershipTexts.trialDays })
      .min(MembershipLimits.trialDaysMin, { message: MembershipTexts.trialDays })
      .max(MembershipRules.trialDaysMax, { message: MembershipTexts.trialDays }),
    max_uses: z
      .number()
      .int({ message: MembershipTexts.trialUses })
      .min(MembershipLimits.trialUsesMin, { message: MembershipTexts.trialUses })
      .max(MembershipLimits.trialUsesMax, { message: MembershipTexts.trialUses }),
  }),
  response: z.object({ trial: TrialLink }),
})

export const trialLinkList = defineCall({
  method: 'GET',
  path: '/fapi/core/membership/trials/',
  access: 'account',
  summary: "The creator's free-trial links, newest first.",
  response: z.object({ list: z.array(TrialLink) }),
})

export const trialLinkRevoke = defineCall({
  method: 'POST',
  path: '/fapi/core/membership/trial_revoke/',
  access: 'account',
  summary: 'Revoke a free-trial link (trials already started keep running).',
  input: z.object({ code: LineText.regex(MembershipLimits.trialCodePattern) }),
  response: z.object({ trial: TrialLink }),
})

export const membershipOffer = defineCall({
  method: 'GET',
  path: '/fapi/core/membership/offer/',
  access: 'account',
  summary:
    "A creator's plan as the viewer sees it (promo for new members, a trial link) and the viewer's membership.",
  input: z.object({
    user_id: QueryUserId,
    trial: LineText.regex(MembershipLimits.trialCodePattern).optional(),
  }),
  response: z.object({
    creator: MembershipCreator,
    plan: MembershipPlan.nullable(),
    /** The trial of the link, when it is valid for this viewer. */
    trial: z.object({ code: z.string(), days: z.number().int() }).nullable(),
    /** The promo applies only to a first membership. */
    is_new_member: z.boolean(),
    subscription: Subscription.nullable(),
  }),
})

export const SubscribeOption = z.enum(['monthly', 'bundle'])

export const SubscribeInput = z
  .object({
    creator_id: UserId,
    option: SubscribeOption,
    /** With option bundle. */
    months: BundleMonths.optional(),
    trial_code: LineText.regex(MembershipLimits.trialCodePattern).optional(),
    /** A saved card (payments); the default card when left out. */
    card_id: Id.optional(),
    /** What the fan saw (US cents): refused with 5203 when the price changed meanwhile. */
    expected_cents: z.number().int().min(0),
    /** Where the 3DS page comes back to (a path of the web app). */
    return_path: LineText.max(300)
      .regex(/^\/[^/\\]/)
      .optional(),
  })
  .refine((v) => (v.option === 'bundle') === (v.months !== undefined), {
    message: 'Pick a bundle length with the bundle option.',
    path: ['months'],
  })

export const membershipSubscribe = defineCall({
  method: 'POST',
  path: '/fapi/core/membership/subscribe/',
  access: 'account',
  summary:
    'Subscribe (or pay a renewal in grace) by card; a free trial starts without a charge. 3DS answers an action URL.',
  input: SubscribeInput,
  idempotent: true,
  response: z.object({
    status: z.enum(['succeeded', 'requires_action', 'failed']),
    /** requires_action: open it (the hosted 3DS page), which comes back to return_path. */
    action_url: z.string().nullable(),
    /** failed: the spec §8 text. */
    message: z.string().nullable(),
    amount_cents: z.number().int(),
  }),
})

export const SubscriptionListQuery = PageQuery.extend({
  status: z.enum(['current', 'active', 'grace', 'ended', 'all']).default('current'),
})

export const subscriptionList = defineCall({
  method: 'GET',
  path: '/fapi/core/membership/subscriptions/',
  access: 'account',
  summary: "The fan's memberships: current (active and in grace), or one status; newest first.",
  input: SubscriptionListQuery,
  response: pageOf(Subscription),
})

export const subscriptionDetail = defineCall({
  method: 'GET',
  path: '/fapi/core/membership/subscription/',
  access: 'account',
  summary: "The fan's membership of one creator with its charges.",
  input: z.object({ creator_id: QueryUserId }),
  response: z.object({ subscription: Subscription, charges: z.array(SubscriptionCharge) }),
})

export const subscriptionAutoRenew = defineCall({
  method: 'POST',
  path: '/fapi/core/membership/auto_renew/',
  access: 'account',
  summary: 'Turn auto-renew off (the membership ends at the period end) or back on.',
  input: z.object({ creator_id: UserId, auto_renew: z.boolean() }),
  response: z.object({ subscription: Subscription }),
})

export const Subscriber = z.object({
  user_id: UserId,
  user_name: z.string().nullable(),
  nickname: z.string().nullable(),
  portrait: z.string().nullable(),
  status: SubscriptionStatusName,
  auto_renew: z.boolean(),
  since: z.number().int(),
  /** When it renews (or ends, with auto-renew off). */
  period_end: z.number().int(),
  lifetime_cents: z.number().int(),
  on_trial: z.boolean(),
})
export type Subscriber = z.infer<typeof Subscriber>

export const subscriberList = defineCall({
  method: 'GET',
  path: '/fapi/core/membership/subscribers/',
  access: 'account',
  summary: "The creator's members (current by default), newest first, with lifetime spend.",
  input: SubscriptionListQuery,
  response: pageOf(Subscriber).extend({ active: z.number().int(), in_grace: z.number().int() }),
})

/** Notification types of memberships beyond spec's 26/27 (not in the spec; Velvet's own). */
export const MembershipNotifyType = {
  NewMember: NotifyType.NewMember,
  MemberRenewed: NotifyType.MemberRenewed,
} as const

/** Where a fan manages one membership and a trial link opens (web paths). */
export const SubsPaths = {
  detail: (creatorId: number, trial?: string) =>
    `/subs/subs_detail?user_id=${creatorId}${trial ? `&trial=${encodeURIComponent(trial)}` : ''}`,
  subscriptions: '/subs/subscriptions',
  subscribers: '/subs/subscribers',
  disableAutoRenew: (creatorId: number) => `/subs/disable-auto-renew?user_id=${creatorId}`,
} as const
