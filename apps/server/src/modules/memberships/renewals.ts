import {
  ErrorCodes,
  MembershipRules,
  MembershipStatus,
  MembershipTexts,
  NotifyType,
  SubsPaths,
} from '@velvet/contract'
import type { FastifyBaseLogger } from 'fastify'
import type { Clock } from '../../platform/clock.ts'
import { AppError } from '../../platform/errors.ts'
import { work } from '../../platform/jobs.ts'
import type { EntitlementService } from '../entitlements/service.ts'
import { Notices, noticePerson } from '../notifications/payloads.ts'
import type { NotificationExtras, NotificationInput, NotificationService } from '../notifications/service.ts'
import type { ChargeRequest, PaymentsApi } from '../payments/types.ts'
import {
  addDays,
  type Billing,
  MEMBERSHIP_PURPOSE,
  type MembershipReference,
  type NotifyJob,
  notifyJob,
  precheckJob,
  renewJob,
} from './billing.ts'
import type { SubscriptionRow, SubscriptionsRepo } from './subscriptions-repo.ts'

/** How long one worker holds a subscription while it charges it. */
const LEASE_MS = 10 * 60_000
const SWEEP_BATCH = 200

export interface RenewalDeps {
  repo: SubscriptionsRepo
  billing: Billing
  payments: Pick<PaymentsApi, 'charge' | 'hasUsableCard'>
  notifications: Pick<NotificationService, 'publish'>
  entitlements: Pick<EntitlementService, 'writeMembership'>
  clock: Clock
  portraitUrl: (key: string) => string
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>
}

export type RenewalResult = 'skipped' | 'renewed' | 'pending' | 'failed' | 'ended'

/**
 * Renewals (DESIGN §8, spec §4/§9): at the period end the card is charged off-session; a failure puts the
 * membership in grace (access kept for 7 days, PaymentFailed 27) with a retry each day; after the grace, or
 * at the period end with auto-renew off, the membership ends and the fan stays a follower. A subscription is
 * claimed by one worker at a time, and each attempt's charge key names the period and the attempt, so a
 * period is charged at most once however many jobs and workers run.
 */
export function createRenewals(deps: RenewalDeps) {
  const { repo, billing, payments, clock, log } = deps

  async function notify(userId: number, input: NotificationInput, extras?: NotificationExtras) {
    try {
      await deps.notifications.publish(userId, input, extras)
    } catch (err) {
      log.warn({ err, userId }, 'membership notification failed')
    }
  }

  async function personOf(userId: number, fallback = 'Someone') {
    return noticePerson(await repo.person(userId), fallback, deps.portraitUrl)
  }

  async function notifyFan(sub: SubscriptionRow, type: number, summary: string) {
    const creator = await personOf(sub.creatorId)
    await notify(
      sub.fanId,
      Notices.membershipOfFan({ type, creator, creatorId: sub.creatorId, summary }),
      // The e-mail's renewal link opens this creator's membership (spec §5 target_user_id).
      { targetUserId: sub.creatorId },
    )
  }

  async function endNow(sub: SubscriptionRow, why: string): Promise<RenewalResult> {
    await repo.transaction((tx) => billing.end(tx, sub))
    log.info({ subscription: sub.id, why }, 'membership ended')
    return 'ended'
  }

  /**
   * Charges off-session: 'succeeded', or 'refused' for a decline, a 3DS demand (no one is there to answer
   * it) or no usable card. A card removed since falls back to the default card. A provider outage throws
   * (the job retries; the period is not failed for it).
   */
  async function chargeOrRefusal(request: ChargeRequest): Promise<'succeeded' | 'refused'> {
    try {
      const outcome = await payments.charge(request)
      return outcome.status === 'succeeded' ? 'succeeded' : 'refused'
    } catch (error) {
      if (!(error instanceof AppError) || error.code === ErrorCodes.PaymentProviderUnavailable.code)
        throw error
      if (error.code === ErrorCodes.CardNotFound.code && request.cardId !== null)
        return chargeOrRefusal({ ...request, cardId: null })
      return 'refused'
    }
  }

  async function chargeOnce(sub: SubscriptionRow): Promise<RenewalResult> {
    const reference: MembershipReference = {
      kind: 'renewal',
      creator_id: sub.creatorId,
      months: sub.months,
      renew_cents: sub.renewCents,
    }
    const request: ChargeRequest = {
      userId: sub.fanId,
      cardId: sub.cardId,
      amountCents: sub.renewCents,
      purpose: MEMBERSHIP_PURPOSE,
      reference,
      key: `membership-renewal-${sub.id}-${sub.periodEnd.getTime()}-${sub.failureCount}`,
      description: 'Membership renewal',
      returnPath: SubsPaths.detail(sub.creatorId),
      offSession: true,
    }
    const outcome = await chargeOrRefusal(request)
    // The payment's handler applied the new period in the payment's own transaction; if its result comes
    // later (a webhook), the next sweep asks again with the same key and gets the same payment.
    if (outcome === 'succeeded') return 'renewed'
    if (sub.onTrial) return endNow(sub, 'trial charge failed')
    const now = clock.now()
    const graceUntil = sub.graceUntil ?? addDays(sub.periodEnd, MembershipRules.graceDays)
    const retryAt = addDays(now, 1)
    const nextChargeAt = retryAt < graceUntil ? retryAt : graceUntil
    const first = sub.status !== MembershipStatus.Grace
    await billing.prepareQueues()
    await repo.transaction(async (tx) => {
      const current = await repo.byPair(sub.fanId, sub.creatorId, tx, true)
      // Another attempt moved it on meanwhile (a renewal paid on-session): nothing to record.
      if (!current || current.periodEnd.getTime() !== sub.periodEnd.getTime()) return
      if (current.failureCount !== sub.failureCount) return
      const row = await repo.update(tx, sub.id, {
        status: MembershipStatus.Grace,
        graceUntil,
        nextChargeAt,
        failureCount: sub.failureCount + 1,
        renewingUntil: null,
        updatedAt: now,
      })
      await deps.entitlements.writeMembership(
        {
          fanId: sub.fanId,
          creatorId: sub.creatorId,
          status: MembershipStatus.Grace,
          currentPeriodEnd: sub.periodEnd,
          graceUntil,
        },
        tx,
      )
      await billing.scheduleRenewal(tx, row)
    })
    log.info({ subscription: sub.id, attempt: sub.failureCount + 1 }, 'membership renewal failed')
    if (first) await notifyFan(sub, NotifyType.PaymentFailed, MembershipTexts.renewalFailed)
    return 'failed'
  }

  async function renew(subscriptionId: number): Promise<RenewalResult> {
    const now = clock.now()
    const sub = await repo.claimDue(subscriptionId, now, new Date(now.getTime() + LEASE_MS))
    if (!sub) return 'skipped'
    // The payment's handler sends jobs inside the payment's transaction (PGlite: load the queues first).
    await billing.prepareQueues()
    try {
      if (sub.status === MembershipStatus.Ended) {
        await repo.stopCharging(sub.id, now)
        return 'skipped'
      }
      if (!sub.autoRenew) return await endNow(sub, 'auto-renew off')
      if (sub.status === MembershipStatus.Grace && sub.graceUntil && sub.graceUntil <= now)
        return await endNow(sub, 'grace over')
      return await chargeOnce(sub)
    } finally {
      await repo.releaseLease(sub.id)
    }
  }

  async function precheck(subscriptionId: number): Promise<boolean> {
    const sub = await repo.byId(subscriptionId)
    const now = clock.now()
    if (!sub || sub.status !== MembershipStatus.Active || !sub.autoRenew || sub.periodEnd <= now) return false
    if (sub.periodEnd.getTime() - now.getTime() > MembershipRules.precheckHours * 3_600_000) return false
    const usable = await payments.hasUsableCard(sub.fanId, sub.periodEnd)
    if (!(await repo.claimPrecheck(sub.id, sub.periodEnd)) || usable) return false
    await notifyFan(sub, NotifyType.PrePaymentFailed, MembershipTexts.preRenewalNoCard)
    return true
  }

  return {
    renew,
    precheck,

    /** Every subscription due now (the sweep; also catches a lost or early job). */
    async renewDue(): Promise<RenewalResult[]> {
      const results: RenewalResult[] = []
      for (const id of await repo.dueIds(clock.now(), SWEEP_BATCH)) results.push(await renew(id))
      return results
    },

    async precheckDue(): Promise<number> {
      const now = clock.now()
      const horizon = new Date(now.getTime() + MembershipRules.precheckHours * 3_600_000)
      let sent = 0
      for (const id of await repo.precheckIds(now, horizon, SWEEP_BATCH)) if (await precheck(id)) sent++
      return sent
    },

    /** The creator hears of a new member or a renewal (after the payment committed). */
    async notifyPaid(job: NotifyJob): Promise<void> {
      const fan = await personOf(job.fan_id)
      await notify(
        job.creator_id,
        Notices.membershipPaid({ fan, kind: job.kind, amountCents: job.amount_cents }),
      )
    },
  }
}

export type Renewals = ReturnType<typeof createRenewals>

/** Renewals and prechecks (one subscription, or a sweep without an id) and paid-period notices. */
export function renewalWorkers(renewals: Renewals) {
  return [
    work(renewJob, async (jobs) => {
      for (const { data } of jobs) {
        if (data.subscription_id === undefined) await renewals.renewDue()
        else await renewals.renew(data.subscription_id)
      }
    }),
    work(precheckJob, async (jobs) => {
      for (const { data } of jobs) {
        if (data.subscription_id === undefined) await renewals.precheckDue()
        else await renewals.precheck(data.subscription_id)
      }
    }),
    work(notifyJob, async (jobs) => {
      for (const { data } of jobs) await renewals.notifyPaid(data)
    }),
  ]
}
