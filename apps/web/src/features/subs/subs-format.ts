import {
  formatUsd,
  type MembershipPlan,
  MembershipTexts,
  type Subscriber,
  type Subscription,
  type SubscriptionStatusName,
} from '@velvet/contract'
import { formatPacificDate } from '../../lib/pacific-time.ts'

/** One way to subscribe a fan can pick in the sheet. */
export interface SubscribeChoice {
  id: string
  option: 'monthly' | 'bundle'
  months: 1 | 3 | 6 | 12
  /** What is charged now (US cents). */
  amountCents: number
  label: string
  /** "then US$9.99/month", "Save 20%". */
  detail: string
  /** A trial: nothing is charged now. */
  trial: boolean
  /** The new members' promo price for the first month. */
  promo: boolean
}

/** "US$9.99/month" */
export function perMonth(cents: number): string {
  return `${formatUsd(cents)}/month`
}

/** The choices of a plan for this fan: a trial (if a valid link), monthly (promo for new members), bundles. */
export function choicesOf(
  plan: MembershipPlan,
  options: { isNewMember: boolean; trial: { code: string; days: number } | null },
): SubscribeChoice[] {
  const choices: SubscribeChoice[] = []
  if (options.trial)
    choices.push({
      id: 'trial',
      option: 'monthly',
      months: 1,
      amountCents: 0,
      label: `${options.trial.days}-day free trial`,
      detail: `then ${perMonth(plan.price_cents)}`,
      trial: true,
      promo: false,
    })
  const promo = options.isNewMember ? plan.promo : null
  choices.push({
    id: 'monthly',
    option: 'monthly',
    months: 1,
    amountCents: promo ? promo.first_month_cents : plan.price_cents,
    label: 'Monthly',
    detail: promo
      ? `${promo.percent_off}% off your first month, then ${perMonth(plan.price_cents)}`
      : 'Renews every month',
    trial: false,
    promo: promo !== null,
  })
  for (const bundle of plan.bundles)
    choices.push({
      id: `bundle-${bundle.months}`,
      option: 'bundle',
      months: bundle.months,
      amountCents: bundle.total_cents,
      label: `${bundle.months} months`,
      detail: `Save ${bundle.discount_percent}% · ${perMonth(Math.floor(bundle.total_cents / bundle.months))}`,
      trial: false,
      promo: false,
    })
  return choices
}

/** The words on the subscribe button. */
export function subscribeLabel(choice: SubscribeChoice): string {
  if (choice.trial) return MembershipTexts.startTrial
  return MembershipTexts.subscribeButton(choice)
}

export const statusLabels: Record<SubscriptionStatusName, string> = {
  active: 'Active',
  grace: 'Payment failed',
  ended: 'Ended',
}

/** The line under a membership: when it renews, ends, or why access may stop. */
export function renewalLine(
  sub: Pick<
    Subscription,
    'status' | 'auto_renew' | 'period_end' | 'grace_until' | 'renew_cents' | 'on_trial'
  >,
): string {
  if (sub.status === 'ended') return `Ended ${formatPacificDate(sub.period_end)}`
  if (sub.status === 'grace')
    return `Access until ${formatPacificDate(sub.grace_until ?? sub.period_end)} unless the payment goes through`
  if (!sub.auto_renew) return `Ends ${formatPacificDate(sub.period_end)} · auto-renew off`
  const what = sub.on_trial ? 'Trial ends' : 'Renews'
  return `${what} ${formatPacificDate(sub.period_end)} · ${formatUsd(sub.renew_cents)}`
}

/** The line under a member in the creator's list. */
export function memberLine(
  member: Pick<Subscriber, 'status' | 'auto_renew' | 'since' | 'period_end' | 'on_trial'>,
): string {
  const since = `Since ${formatPacificDate(member.since)}`
  if (member.status === 'ended') return `${since} · ended ${formatPacificDate(member.period_end)}`
  if (member.status === 'grace') return `${since} · renewal failed`
  if (member.on_trial) return `${since} · free trial until ${formatPacificDate(member.period_end)}`
  return `${since} · ${member.auto_renew ? 'renews' : 'ends'} ${formatPacificDate(member.period_end)}`
}

/** A price typed by a creator: dollars with at most two decimals, or why not (the spec's words). */
export function parseUsd(text: string, message: string): { usd: number } | { error: string } {
  const trimmed = text.trim().replace(/^\$/, '')
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return { error: message }
  const usd = Number(trimmed)
  if (usd < 1 || usd > 1000) return { error: message }
  return { usd }
}
