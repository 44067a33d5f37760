import { MembershipRules, MembershipStatus, SubscriptionEvent } from '@velvet/contract'
import { z } from 'zod'
import type { Clock } from '../../platform/clock.ts'
import type { Tx } from '../../platform/db.ts'
import { defineJob, type JobSender } from '../../platform/jobs.ts'
import { isMembershipLive } from '../entitlements/policy.ts'
import type { EntitlementService } from '../entitlements/service.ts'
import { TransferKind } from '../ledger/accounts.ts'
import type { Purchases } from '../ledger/purchase.ts'
import type { Sales } from '../ledger/sales.ts'
import { LedgerRefusal } from '../ledger/service.ts'
import type { PaymentPurposeHandler, PaymentRecord } from '../payments/types.ts'
import type { SubscriptionRow, SubscriptionsRepo } from './subscriptions-repo.ts'

export const MEMBERSHIP_PURPOSE = 'membership'
const SubscriptionJob = z.object({ subscription_id: z.number().int().positive().optional() })
/** One job per subscription period (startAfter = period end) and a sweep (no id) every minute. */
export const renewJob = defineJob({ name: 'membership-renew', payload: SubscriptionJob, cron: '* * * * *' })
/** The PrePaymentFailed check, 24 h before a period ends (per subscription, and a sweep every 10 minutes). */
export const precheckJob = defineJob({
  name: 'membership-precheck',
  payload: SubscriptionJob,
  cron: '*/10 * * * *',
})
const NotifyJob = z.object({
  kind: z.enum(['new_member', 'trial', 'renewal']),
  fan_id: z.number().int().positive(),
  creator_id: z.number().int().positive(),
  amount_cents: z.number().int().nonnegative(),
})
export type NotifyJob = z.infer<typeof NotifyJob>
/** Notifications of a paid period, sent with the payment's transaction (so only once it commits). */
export const notifyJob = defineJob({ name: 'membership-notify', payload: NotifyJob })

const DAY_MS = 86_400_000

/** What a membership payment carries (payments stores it as JSON and hands it back to the handler). */
export const MembershipReference = z.object({
  kind: z.enum(['subscribe', 'renewal']),
  creator_id: z.number().int().positive(),
  months: z.number().int().positive(),
  /** What each later renewal charges. */
  renew_cents: z.number().int().positive(),
})
export type MembershipReference = z.infer<typeof MembershipReference>

/** `date` plus whole calendar months in UTC; the 31st becomes the month's last day when needed. */
export function addMonths(date: Date, months: number): Date {
  const result = new Date(date.getTime())
  const day = result.getUTCDate()
  result.setUTCDate(1)
  result.setUTCMonth(result.getUTCMonth() + months)
  const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate()
  result.setUTCDate(Math.min(day, lastDay))
  return result
}

export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY_MS)
}

/** Whether a subscription row gives access now: entitlements' own rule, so both always agree. */
export function isLive(
  row: Pick<SubscriptionRow, 'status' | 'periodEnd' | 'graceUntil'>,
  now: Date,
): boolean {
  return isMembershipLive(
    { status: row.status, currentPeriodEnd: row.periodEnd, graceUntil: row.graceUntil },
    now,
  )
}

export interface BillingDeps {
  repo: SubscriptionsRepo
  /** The one purchase path (the period's sale) and the reversal of a sale (a chargeback). */
  purchases: Pick<Purchases, 'buy'>
  sales: Pick<Sales, 'reverse'>
  entitlements: Pick<EntitlementService, 'writeMembership'>
  jobs: JobSender
  clock: Clock
}

/**
 * What a paid membership period does, inside the transaction that records the payment: the sale (split
 * between creator, referrer and platform), the period, the entitlement posts read, the event (SUBSCRIBE 1
 * or RENEWAL 2), the next renewal's job and the creator's notification job. Once per payment.
 */
export function createBilling({ repo, purchases, sales, entitlements, jobs, clock }: BillingDeps) {
  const saleKey = (paymentId: number) => `membership:payment:${paymentId}`

  /**
   * A chargeback of a membership payment: the processor takes the whole amount back; the creator's and
   * the referrer's shares come back from their payout wallets as far as they hold them (the rest is the
   * platform's loss), the platform's fee from its revenue. Once per payment.
   */
  async function reverseSale(tx: Tx, payment: PaymentRecord): Promise<void> {
    const key = saleKey(payment.id)
    await sales.reverse(
      key,
      {
        kind: TransferKind.Chargeback,
        key: `${key}:chargeback`,
        description: 'Chargeback: membership',
        meta: { payment_id: payment.id },
      },
      tx,
    )
  }

  async function scheduleRenewal(tx: Tx, row: SubscriptionRow) {
    if (!row.nextChargeAt) return
    await jobs.send(
      renewJob,
      { subscription_id: row.id },
      { tx, startAfter: row.nextChargeAt, singletonKey: `renew:${row.id}:${row.nextChargeAt.getTime()}` },
    )
    const precheckAt = new Date(row.periodEnd.getTime() - MembershipRules.precheckHours * 3_600_000)
    if (row.status === MembershipStatus.Active && precheckAt > clock.now())
      await jobs.send(
        precheckJob,
        { subscription_id: row.id },
        { tx, startAfter: precheckAt, singletonKey: `precheck:${row.id}:${row.periodEnd.getTime()}` },
      )
  }

  async function succeeded(tx: Tx, payment: PaymentRecord): Promise<void> {
    const ref = MembershipReference.parse(payment.reference)
    const now = clock.now()
    const fanId = payment.userId
    const sub = await repo.lockPair(tx, fanId, ref.creator_id, now)
    if (await repo.eventByPayment(tx, payment.id)) return
    const renewal = ref.kind === 'renewal' && sub.status !== MembershipStatus.Ended
    // A renewal continues the period it renews (grace days included); a new membership starts now, or
    // after the current period when one is still running (a second payment is never lost).
    const periodStart = renewal ? sub.periodEnd : isLive(sub, now) ? sub.periodEnd : now
    const periodEnd = addMonths(periodStart, ref.months)
    const bought = await purchases.buy(tx, {
      kind: 'membership',
      buyerId: fanId,
      sellerId: ref.creator_id,
      price: { cardCents: payment.amountCents },
      key: saleKey(payment.id),
      item: { type: 'membership', id: `${sub.id}:${periodStart.toISOString()}` },
      description: renewal ? 'Membership renewal' : 'Membership',
      meta: { months: ref.months, period_start: periodStart.toISOString(), payment_id: payment.id },
    })
    // Not an unlock, so never "already owned": a replay answers the payment's first transfer.
    if (!bought.sale) throw new Error(`membership sale ${saleKey(payment.id)} was refused`)
    const sale = bought.sale
    const eventId = await repo.insertEvent(tx, {
      subscriptionId: sub.id,
      event: renewal ? SubscriptionEvent.Renewal : SubscriptionEvent.Subscribe,
      amountCents: payment.amountCents,
      periodStart,
      periodEnd,
      paymentId: payment.id,
      transferId: sale.transfer.id,
      trial: false,
      createdAt: now,
    })
    if (eventId === null)
      throw new Error(`membership period ${sub.id}:${periodStart.toISOString()} paid twice`)
    const continuing = renewal || isLive(sub, now)
    const row = await repo.update(tx, sub.id, {
      status: MembershipStatus.Active,
      autoRenew: renewal ? sub.autoRenew : true,
      months: ref.months,
      renewCents: ref.renew_cents,
      cardId: payment.cardId ?? sub.cardId,
      onTrial: false,
      startedAt: continuing ? sub.startedAt : now,
      periodStart,
      periodEnd,
      graceUntil: null,
      nextChargeAt: periodEnd,
      failureCount: 0,
      renewingUntil: null,
      endedAt: null,
      lifetimeCents: sub.lifetimeCents + payment.amountCents,
      updatedAt: now,
    })
    await entitlements.writeMembership(
      {
        fanId,
        creatorId: ref.creator_id,
        status: MembershipStatus.Active,
        currentPeriodEnd: periodEnd,
        graceUntil: null,
      },
      tx,
    )
    await scheduleRenewal(tx, row)
    const notify: NotifyJob = {
      kind: renewal ? 'renewal' : 'new_member',
      fan_id: fanId,
      creator_id: ref.creator_id,
      amount_cents: payment.amountCents,
    }
    await jobs.send(notifyJob, notify, { tx })
  }

  /** Ends a membership now (grace over, auto-renew off at the period end, a chargeback). */
  async function end(tx: Tx, sub: SubscriptionRow): Promise<void> {
    const now = clock.now()
    await repo.update(tx, sub.id, {
      status: MembershipStatus.Ended,
      graceUntil: null,
      nextChargeAt: null,
      renewingUntil: null,
      endedAt: now,
      onTrial: false,
      updatedAt: now,
    })
    await entitlements.writeMembership(
      {
        fanId: sub.fanId,
        creatorId: sub.creatorId,
        status: MembershipStatus.Ended,
        currentPeriodEnd: sub.periodEnd < now ? sub.periodEnd : now,
        graceUntil: null,
      },
      tx,
    )
  }

  const handler: PaymentPurposeHandler = {
    succeeded,
    async chargedBack(tx, payment) {
      const ref = MembershipReference.safeParse(payment.reference)
      if (!ref.success) return
      // A payout may race the reversal for the creator's balance: each try reads it again in a savepoint.
      for (let attempt = 1; ; attempt++) {
        try {
          await tx.transaction((savepoint) => reverseSale(savepoint, payment))
          break
        } catch (error) {
          if (!(error instanceof LedgerRefusal) || error.reason !== 'insufficient_funds' || attempt >= 5)
            throw error
        }
      }
      const sub = await repo.byPair(payment.userId, ref.data.creator_id, tx, true)
      if (sub && sub.status !== MembershipStatus.Ended) await end(tx, sub)
    },
  }

  return {
    handler,
    succeeded,
    end,
    scheduleRenewal,
    /** Loads the queues a billing transaction sends on (PGlite: before the transaction, see JobSender). */
    async prepareQueues() {
      for (const job of [renewJob, precheckJob, notifyJob]) await jobs.prepare(job)
    },
  }
}

export type Billing = ReturnType<typeof createBilling>
