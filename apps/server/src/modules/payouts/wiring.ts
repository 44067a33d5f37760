import type { PayoutProvider } from '../../platform/payouts/provider.ts'
import { createSandboxPayoutProvider } from '../../platform/payouts/sandbox.ts'
import type { MoneyDeps, MoneyPart } from '../ledger/wiring.ts'
import { payoutWorkers } from './jobs.ts'
import { createPayoutsRepo } from './repo.ts'
import { registerPayoutRoutes } from './routes.ts'
import { createPayoutsService, type PayoutsService } from './service.ts'

/**
 * Creators withdraw: payout methods, tax settings, withdrawals and the payout job, on the sandbox
 * payout provider unless another is given.
 */
export function wirePayouts(deps: MoneyDeps & { payoutProvider?: PayoutProvider }): MoneyPart & {
  service: PayoutsService
} {
  const service = createPayoutsService({
    repo: createPayoutsRepo(deps.db),
    ledger: deps.ledger,
    provider: deps.payoutProvider ?? createSandboxPayoutProvider(),
    jobs: deps.jobs,
    notifications: deps.notifications,
    clock: deps.clock,
    secret: deps.secret,
    log: deps.log.child({ module: 'payouts' }),
  })
  return {
    service,
    register: (app) => registerPayoutRoutes(app, service),
    workers: payoutWorkers(service),
  }
}
