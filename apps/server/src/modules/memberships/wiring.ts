import type { MoneyDeps, MoneyPart } from '../ledger/wiring.ts'
import type { PaymentsApi } from '../payments/types.ts'
import { createBilling, MEMBERSHIP_PURPOSE } from './billing.ts'
import { createMembershipLists } from './lists-service.ts'
import { createPlanRepo } from './plan-repo.ts'
import { createPlanService } from './plan-service.ts'
import { createRenewals, renewalWorkers } from './renewals.ts'
import { registerMembershipRoutes } from './routes.ts'
import { createMembershipService } from './service.ts'
import { createSubscriptionsRepo } from './subscriptions-repo.ts'

/**
 * Memberships: plans, subscribing by card, renewals with grace, the /subs screens' calls. The
 * payments module calls the 'membership' purpose handler when a membership payment settles.
 */
export function wireMemberships(deps: MoneyDeps & { payments: PaymentsApi }) {
  const { db, payments, clock, portraitUrl } = deps
  const plansRepo = createPlanRepo(db)
  const subs = createSubscriptionsRepo(db)
  const billing = createBilling({
    repo: subs,
    purchases: deps.purchases,
    sales: deps.sales,
    entitlements: deps.entitlements,
    jobs: deps.jobs,
    clock,
  })
  payments.registerPurpose(MEMBERSHIP_PURPOSE, billing.handler)
  const plans = createPlanService({ plans: plansRepo, creator: deps.creator, clock })
  const memberships = createMembershipService({
    plans: plansRepo,
    subs,
    billing,
    payments,
    social: deps.social,
    safety: deps.safety,
    entitlements: deps.entitlements,
    jobs: deps.jobs,
    clock,
    portraitUrl,
  })
  const lists = createMembershipLists({ subs, clock, portraitUrl })
  const renewals = createRenewals({
    repo: subs,
    billing,
    payments,
    notifications: deps.notifications,
    entitlements: deps.entitlements,
    clock,
    portraitUrl,
    log: deps.log,
  })
  const part: MoneyPart = {
    async register(app) {
      registerMembershipRoutes(app, { plans, memberships, lists })
      // Payments may settle a membership payment (3DS status, webhooks) inside a transaction that sends
      // our jobs: the queues are loaded before any request (PGlite has one connection).
      await billing.prepareQueues()
    },
    workers: renewalWorkers(renewals),
  }
  return { ...part, service: { plans, memberships, lists, renewals, billing } }
}

export type MembershipsModule = ReturnType<typeof wireMemberships>
