import type { ReferrerOf } from '../ledger/sales.ts'
import type { MoneyPart, MoneyWiringDeps } from '../ledger/wiring.ts'
import { createReferralsRepo } from './repo.ts'
import { registerReferralRoutes } from './routes.ts'
import { createReferralsService } from './service.ts'

/**
 * Referrals: /ref/{code} stores the referrer for sign-up; the referrer earns 5% of a referred
 * creator's earnings for 12 months, out of the platform's share (ledger/sales.ts asks `referrerOf`).
 */
export function wireReferrals(deps: MoneyWiringDeps): MoneyPart & {
  referrerOf: ReferrerOf
} {
  const service = createReferralsService({
    repo: createReferralsRepo(deps.db),
    clock: deps.clock,
    portraitUrl: deps.portraitUrl,
  })
  return {
    referrerOf: (creatorId, at, tx) => service.referrerOf(creatorId, at, tx),
    register: (app) => registerReferralRoutes(app, service),
  }
}
