import { randomInt } from 'node:crypto'
import { MembershipLimits, MembershipTexts, type SavePlanInput, usdToCents } from '@velvet/contract'
import type { z } from 'zod'
import type { Clock } from '../../platform/clock.ts'
import { AppError } from '../../platform/errors.ts'
import type { Viewer } from '../../platform/http.ts'
import type { CreatorService } from '../creator/service.ts'
import type { PlanRepo } from './plan-repo.ts'
import { presentPlan, presentTrial } from './presenters.ts'

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789'

function trialCode(): string {
  let code = ''
  for (let i = 0; i < 12; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]
  return code
}

export interface PlanServiceDeps {
  plans: PlanRepo
  creator: Pick<CreatorService, 'assertVerifiedCreator'>
  clock: Clock
}

/** A creator's membership settings: the price, bundles, a promo for new members and free-trial links. */
export function createPlanService({ plans, creator, clock }: PlanServiceDeps) {
  return {
    async mine(viewer: Viewer) {
      const plan = await plans.plan(viewer.userId)
      const now = clock.now()
      return {
        plan: plan ? presentPlan(plan, now) : null,
        promo_input:
          plan?.promoPercent && plan.promoEndsAt && plan.promoEndsAt > now
            ? { percent_off: plan.promoPercent, ends_at: Math.floor(plan.promoEndsAt.getTime() / 1000) }
            : null,
      }
    },

    /** Saves the plan of `viewer` (a creator on /subs/settings, or the demo seed for its creators). */
    async save(viewer: Pick<Viewer, 'userId'>, input: z.output<typeof SavePlanInput>) {
      await creator.assertVerifiedCreator(viewer.userId)
      const now = clock.now()
      let promoEndsAt: Date | null = null
      if (input.promo) {
        promoEndsAt = new Date(input.promo.ends_at * 1000)
        const latest = now.getTime() + MembershipLimits.promoDaysMax * 86_400_000
        if (!(promoEndsAt > now && promoEndsAt.getTime() <= latest))
          throw new AppError('ValidationFailed', {
            message: MembershipTexts.promoEnds,
            fields: [
              { field: 'promo.ends_at', rule: 'membership.promo_ends', message: MembershipTexts.promoEnds },
            ],
          })
      }
      await plans.savePlan(
        {
          creatorId: viewer.userId,
          priceCents: usdToCents(input.price_usd),
          promoPercent: input.promo?.percent_off ?? null,
          promoEndsAt,
          bundles: input.bundles.map((b) => ({ months: b.months, discountPercent: b.discount_percent })),
        },
        now,
      )
      const plan = await plans.plan(viewer.userId)
      if (!plan) throw new Error('plan missing after save')
      return { plan: presentPlan(plan, now) }
    },

    async createTrial(viewer: Viewer, input: { days: number; max_uses: number }) {
      await creator.assertVerifiedCreator(viewer.userId)
      if (!(await plans.plan(viewer.userId))) throw new AppError('MembershipNotOffered')
      const row = await plans.insertTrial(
        {
          creatorId: viewer.userId,
          code: trialCode(),
          days: input.days,
          maxUses: input.max_uses,
          createdAt: clock.now(),
        },
        MembershipLimits.trialLinksMax,
      )
      if (!row) throw new AppError('TrialLinksLimit')
      return { trial: presentTrial(row) }
    },

    async trials(viewer: Viewer) {
      return { list: (await plans.trials(viewer.userId)).map(presentTrial) }
    },

    async revokeTrial(viewer: Viewer, code: string) {
      const row = await plans.revokeTrial(viewer.userId, code, clock.now())
      if (!row) throw new AppError('TrialNotValid')
      return { trial: presentTrial(row) }
    },
  }
}

export type PlanService = ReturnType<typeof createPlanService>
