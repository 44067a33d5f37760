import {
  bundleCents,
  MembershipStatus,
  promoCents,
  type SubscribeInput,
  SubscriptionEvent,
  SubsPaths,
  UserRole,
} from '@velvet/contract'
import type { z } from 'zod'
import type { Clock } from '../../platform/clock.ts'
import { AppError } from '../../platform/errors.ts'
import type { Viewer } from '../../platform/http.ts'
import type { JobSender } from '../../platform/jobs.ts'
import type { EntitlementService } from '../entitlements/service.ts'
import { requestHash } from '../ledger/service.ts'
import type { ChargeOutcome, ChargeRequest, PaymentsApi } from '../payments/types.ts'
import type { SafetyService } from '../safety/service.ts'
import type { SocialService } from '../social/service.ts'
import {
  addDays,
  type Billing,
  isLive,
  MEMBERSHIP_PURPOSE,
  type MembershipReference,
  type NotifyJob,
  notifyJob,
} from './billing.ts'
import type { PlanRepo, PlanRow } from './plan-repo.ts'
import { presentPerson, presentPlan, presentSubscription } from './presenters.ts'
import type { SubscriptionsRepo } from './subscriptions-repo.ts'

/** A subscribe payment waiting on its 3DS page this long blocks another one for the same creator. */
const OPEN_PAYMENT_MINUTES = 15

function addMinutes(date: Date, minutes: number): Date {
  return new Date(date.getTime() + minutes * 60_000)
}

type SubscribeInputT = z.output<typeof SubscribeInput>

export interface SubscribeAnswer extends Record<string, unknown> {
  status: 'succeeded' | 'requires_action' | 'failed'
  action_url: string | null
  message: string | null
  amount_cents: number
}

export interface MembershipServiceDeps {
  plans: PlanRepo
  subs: SubscriptionsRepo
  billing: Billing
  payments: Pick<PaymentsApi, 'charge' | 'hasUsableCard' | 'hasOpenPayment'>
  social: Pick<SocialService, 'assertNotBlocked' | 'follow' | 'relation'>
  safety: Pick<SafetyService, 'assertVisible'>
  entitlements: Pick<EntitlementService, 'writeMembership'>
  jobs: JobSender
  clock: Clock
  portraitUrl: (key: string) => string
}

/** The price of one subscribe option for this fan now. */
function priceOf(plan: PlanRow, input: SubscribeInputT, isNew: boolean, now: Date) {
  if (input.option === 'bundle') {
    const bundle = plan.bundles.find((b) => b.months === input.months)
    if (!bundle) throw new AppError('MembershipPriceChanged')
    const total = bundleCents(plan.priceCents, bundle.months, bundle.discountPercent)
    return { amount: total, months: bundle.months, renew: total }
  }
  const promo =
    isNew && plan.promoPercent !== null && plan.promoEndsAt !== null && plan.promoEndsAt > now
      ? promoCents(plan.priceCents, plan.promoPercent)
      : null
  return { amount: promo ?? plan.priceCents, months: 1, renew: plan.priceCents }
}

function answerOf(outcome: ChargeOutcome, amount: number): SubscribeAnswer {
  return {
    status: outcome.status,
    action_url: outcome.status === 'requires_action' ? outcome.actionUrl : null,
    message: outcome.status === 'failed' ? outcome.message : null,
    amount_cents: amount,
  }
}

/** Fans' memberships: the offer of a creator, subscribing (by card or a free trial), the fan's list. */
export function createMembershipService(deps: MembershipServiceDeps) {
  const { plans, subs, billing, payments, social, clock, portraitUrl } = deps

  async function reachCreator(viewer: Viewer, creatorId: number, ip: string) {
    const person = await subs.person(creatorId)
    if (!person || person.deletedAt) throw new AppError('BlockedLocation')
    if (creatorId !== viewer.userId) {
      await social.assertNotBlocked(viewer.userId, creatorId)
      await deps.safety.assertVisible(creatorId, ip, viewer.userId)
    }
    return person
  }

  async function planOf(person: { id: number; userRole: number }) {
    return person.userRole === UserRole.Creator ? plans.plan(person.id) : null
  }

  async function validTrial(code: string | undefined, creatorId: number, isNew: boolean) {
    if (!code) return null
    const trial = await plans.trialByCode(code)
    if (!trial || trial.creatorId !== creatorId || trial.revokedAt || trial.uses >= trial.maxUses) return null
    return isNew ? trial : null
  }

  async function startTrial(
    viewer: Viewer,
    input: SubscribeInputT,
    plan: PlanRow,
    key: string,
    hash: string,
  ) {
    const now = clock.now()
    const trial = await validTrial(input.trial_code, input.creator_id, true)
    if (!trial) throw new AppError('TrialNotValid')
    const periodEnd = addDays(now, trial.days)
    if (!(await payments.hasUsableCard(viewer.userId, periodEnd)))
      throw new AppError('MembershipCardRequired')
    const answer: SubscribeAnswer = { status: 'succeeded', action_url: null, message: null, amount_cents: 0 }
    await billing.prepareQueues()
    await subs.transaction(async (tx) => {
      if (!(await subs.claimRequest({ fanId: viewer.userId, key, hash, charge: null, at: now }, tx)))
        throw new AppError('IdempotencyInProgress')
      const sub = await subs.lockPair(tx, viewer.userId, input.creator_id, now)
      if (isLive(sub, now)) throw new AppError('AlreadyMember')
      if (await subs.everMember(viewer.userId, input.creator_id, tx))
        throw new AppError('TrialNewMembersOnly')
      if (!(await plans.redeemTrial(tx, trial.id, viewer.userId, now))) throw new AppError('TrialNotValid')
      await subs.insertEvent(tx, {
        subscriptionId: sub.id,
        event: SubscriptionEvent.Subscribe,
        amountCents: 0,
        periodStart: now,
        periodEnd,
        trial: true,
        createdAt: now,
      })
      const row = await subs.update(tx, sub.id, {
        status: MembershipStatus.Active,
        autoRenew: true,
        months: 1,
        renewCents: plan.priceCents,
        cardId: input.card_id ?? null,
        onTrial: true,
        startedAt: now,
        periodStart: now,
        periodEnd,
        graceUntil: null,
        nextChargeAt: periodEnd,
        failureCount: 0,
        endedAt: null,
        updatedAt: now,
      })
      await deps.entitlements.writeMembership(
        {
          fanId: viewer.userId,
          creatorId: input.creator_id,
          status: MembershipStatus.Active,
          currentPeriodEnd: periodEnd,
          graceUntil: null,
        },
        tx,
      )
      await billing.scheduleRenewal(tx, row)
      const notify: NotifyJob = {
        kind: 'trial',
        fan_id: viewer.userId,
        creator_id: input.creator_id,
        amount_cents: 0,
      }
      await deps.jobs.send(notifyJob, notify, { tx })
      await subs.storeAnswer(viewer.userId, key, answer, tx)
    })
    return answer
  }

  /** A replay of a key: its stored answer, or the same charge asked again (payments answers it once). */
  async function replay(viewer: Viewer, key: string, hash: string): Promise<SubscribeAnswer | null> {
    const stored = await subs.request(viewer.userId, key)
    if (!stored) return null
    if (stored.requestHash !== hash) throw new AppError('IdempotencyKeyReused')
    if (stored.answer) return stored.answer as SubscribeAnswer
    if (!stored.charge) throw new AppError('IdempotencyInProgress')
    const charge = stored.charge as unknown as ChargeRequest
    const answer = answerOf(await payments.charge(charge), charge.amountCents)
    await subs.storeAnswer(viewer.userId, key, answer)
    return answer
  }

  return {
    async offer(viewer: Viewer, input: { user_id: number; trial?: string | undefined }, ip: string) {
      const person = await reachCreator(viewer, input.user_id, ip)
      const now = clock.now()
      const [plan, sub, everMember] = await Promise.all([
        planOf(person),
        subs.byPair(viewer.userId, person.id),
        subs.everMember(viewer.userId, person.id),
      ])
      const trial = plan ? await validTrial(input.trial, person.id, !everMember) : null
      return {
        creator: presentPerson(person, portraitUrl),
        plan: plan ? presentPlan(plan, now) : null,
        trial: trial ? { code: trial.code, days: trial.days } : null,
        is_new_member: !everMember,
        subscription: sub && everMember ? presentSubscription(sub, person, portraitUrl) : null,
      }
    },

    async subscribe(
      viewer: Viewer,
      input: SubscribeInputT,
      key: string,
      ip: string,
      /** The web app's origin the fan started from (`req.returnOrigin`): where a 3DS page returns. */
      origin?: string,
    ): Promise<SubscribeAnswer> {
      const hash = requestHash('membership.subscribe', input)
      const replayed = await replay(viewer, key, hash)
      if (replayed) return replayed
      if (input.creator_id === viewer.userId) throw new AppError('CannotSubscribeSelf')
      const person = await reachCreator(viewer, input.creator_id, ip)
      const plan = await planOf(person)
      if (!plan) throw new AppError('MembershipNotOffered')
      const now = clock.now()
      const sub = await subs.byPair(viewer.userId, person.id)
      const live = sub !== null && isLive(sub, now)
      if (live && sub.status === MembershipStatus.Active) throw new AppError('AlreadyMember')
      const inGrace = live && sub.status === MembershipStatus.Grace
      const isNew = !(await subs.everMember(viewer.userId, person.id))
      if (input.trial_code && !inGrace) return startTrial(viewer, input, plan, key, hash)
      const price = inGrace
        ? { amount: sub.renewCents, months: sub.months, renew: sub.renewCents }
        : priceOf(plan, input, isNew, now)
      if (price.amount !== input.expected_cents) throw new AppError('MembershipPriceChanged')
      const reference: MembershipReference = {
        kind: inGrace ? 'renewal' : 'subscribe',
        creator_id: person.id,
        months: price.months,
        renew_cents: price.renew,
      }
      const charge: ChargeRequest = {
        userId: viewer.userId,
        cardId: input.card_id ?? null,
        amountCents: price.amount,
        purpose: MEMBERSHIP_PURPOSE,
        reference,
        key: `membership-subscribe-${viewer.userId}-${key}`,
        description: inGrace ? 'Membership renewal' : 'Membership',
        returnPath: input.return_path ?? SubsPaths.detail(person.id),
        origin,
        offSession: false,
      }
      // One membership is paid once: another subscribe to this creator still charging, or waiting on its
      // 3DS page, refuses this one (two taps, two tabs: two keys), under a lock per fan and creator.
      const claimed = await subs.transaction(async (tx) => {
        const charging = await subs.lockPairRequests(tx, viewer.userId, person.id, addMinutes(now, -2))
        const waiting = await payments.hasOpenPayment(
          viewer.userId,
          MEMBERSHIP_PURPOSE,
          { creator_id: person.id },
          addMinutes(now, -OPEN_PAYMENT_MINUTES),
          tx,
        )
        if (charging || waiting) throw new AppError('MembershipPaymentPending')
        return subs.claimRequest(
          { fanId: viewer.userId, key, hash, charge: charge as unknown as Record<string, unknown>, at: now },
          tx,
        )
      })
      if (!claimed) throw new AppError('IdempotencyInProgress')
      // Members follow the creator too (best effort: a follow limit never blocks a payment).
      await social.follow(viewer, person.id, ip).catch(() => undefined)
      await billing.prepareQueues()
      let outcome: ChargeOutcome
      try {
        outcome = await payments.charge(charge)
      } catch (error) {
        // Refused before a charge could start (no card, payments blocked): nothing to replay, and the
        // fan may try again. A payment the provider may have taken stays open and guards the pair above.
        if (error instanceof AppError) await subs.releaseRequest(viewer.userId, key)
        throw error
      }
      const answer = answerOf(outcome, price.amount)
      await subs.storeAnswer(viewer.userId, key, answer)
      return answer
    },
  }
}

export type MembershipService = ReturnType<typeof createMembershipService>
