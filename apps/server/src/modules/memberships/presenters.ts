import {
  bundleCents,
  type MembershipCreator,
  type MembershipPlan,
  MembershipStatus,
  promoCents,
  type Subscriber,
  type Subscription,
  type SubscriptionStatusName,
  SubsPaths,
  type TrialLink,
  UserRole,
} from '@velvet/contract'
import type { PlanRow, TrialRow } from './plan-repo.ts'
import type { EventRow, PersonRow, SubscriptionRow } from './subscriptions-repo.ts'

const seconds = (date: Date) => Math.floor(date.getTime() / 1000)

export function statusName(status: number): SubscriptionStatusName {
  if (status === MembershipStatus.Active) return 'active'
  if (status === MembershipStatus.Grace) return 'grace'
  return 'ended'
}

/** A plan as fans and its creator see it; the promo only while it runs. */
export function presentPlan(plan: PlanRow, now: Date): MembershipPlan {
  const promoRuns = plan.promoPercent !== null && plan.promoEndsAt !== null && plan.promoEndsAt > now
  return {
    price_cents: plan.priceCents,
    bundles: plan.bundles.map((bundle) => ({
      months: bundle.months as 3 | 6 | 12,
      discount_percent: bundle.discountPercent,
      total_cents: bundleCents(plan.priceCents, bundle.months, bundle.discountPercent),
    })),
    promo:
      promoRuns && plan.promoPercent !== null && plan.promoEndsAt
        ? {
            percent_off: plan.promoPercent,
            ends_at: seconds(plan.promoEndsAt),
            first_month_cents: promoCents(plan.priceCents, plan.promoPercent),
          }
        : null,
  }
}

export function presentTrial(row: TrialRow): TrialLink {
  return {
    code: row.code,
    days: row.days,
    max_uses: row.maxUses,
    uses: row.uses,
    path: SubsPaths.detail(row.creatorId, row.code),
    revoked: row.revokedAt !== null,
    created_at: seconds(row.createdAt),
  }
}

export function presentPerson(row: PersonRow, portraitUrl: (key: string) => string): MembershipCreator {
  return {
    user_id: row.id,
    user_name: row.userName,
    nickname: row.nickname,
    portrait: row.portrait ? portraitUrl(row.portrait) : null,
    verified: row.userRole === UserRole.Creator,
  }
}

export function presentSubscription(
  row: SubscriptionRow,
  creator: PersonRow,
  portraitUrl: (key: string) => string,
): Subscription {
  const ended = row.status === MembershipStatus.Ended
  return {
    creator: presentPerson(creator, portraitUrl),
    status: statusName(row.status),
    auto_renew: row.autoRenew && !ended,
    months: row.months,
    renew_cents: row.renewCents,
    since: seconds(row.startedAt),
    period_end: seconds(row.periodEnd),
    grace_until: row.status === MembershipStatus.Grace && row.graceUntil ? seconds(row.graceUntil) : null,
    next_charge_at: !ended && row.autoRenew && row.nextChargeAt ? seconds(row.nextChargeAt) : null,
    on_trial: row.onTrial,
    lifetime_cents: row.lifetimeCents,
  }
}

export function presentSubscriber(
  row: SubscriptionRow,
  fan: PersonRow,
  portraitUrl: (key: string) => string,
): Subscriber {
  return {
    user_id: fan.id,
    user_name: fan.userName,
    nickname: fan.nickname,
    portrait: fan.portrait ? portraitUrl(fan.portrait) : null,
    status: statusName(row.status),
    auto_renew: row.autoRenew && row.status !== MembershipStatus.Ended,
    since: seconds(row.startedAt),
    period_end: seconds(row.periodEnd),
    lifetime_cents: row.lifetimeCents,
    on_trial: row.onTrial,
  }
}

export function presentCharge(row: EventRow) {
  return {
    event: row.event,
    amount_cents: row.amountCents,
    period_start: seconds(row.periodStart),
    period_end: seconds(row.periodEnd),
    trial: row.trial,
    created_at: seconds(row.createdAt),
  }
}
