import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import type { AppServices } from '../../app.ts'
import type { Clock } from '../../platform/clock.ts'
import type { Config } from '../../platform/config.ts'
import type { Db } from '../../platform/db.ts'
import type { JobSender, Jobs } from '../../platform/jobs.ts'
import type { EntitlementService } from '../entitlements/service.ts'
import type { MediaService } from '../media/types.ts'
import { wireMemberships } from '../memberships/wiring.ts'
import { wirePayments } from '../payments/wiring.ts'
import { wirePayouts } from '../payouts/wiring.ts'
import { wireReferrals } from '../referrals/wiring.ts'
import { wireWallet } from '../wallet/wiring.ts'
import { createPurchases, type Purchases } from './purchase.ts'
import { createLedgerRepo } from './repo.ts'
import { createSales, type Sales } from './sales.ts'
import { createLedgerService, type LedgerService } from './service.ts'

/** What every money module may use (issue 6). */
export interface MoneyDeps {
  db: Db
  config: Readonly<Config>
  ledger: LedgerService
  sales: Sales
  /** The one purchase path (ledger/purchase.ts) over `sales`. */
  purchases: Purchases
  entitlements: EntitlementService
  media: MediaService
  social: AppServices['social']
  safety: AppServices['safety']
  creator: AppServices['creator']
  notifications: AppServices['notifications']
  realtime: AppServices['realtime']
  emailPreferences: AppServices['emailPreferences']
  jobs: JobSender
  clock: Clock
  /** A secret for webhook signatures and signed links of the sandbox provider. */
  secret: string
  publicUrl: string
  portraitUrl: (key: string) => string
  log: FastifyBaseLogger
}

export interface MoneyWiringDeps extends Omit<MoneyDeps, 'ledger' | 'sales' | 'purchases'> {}

/** One money module as app.ts sees it. */
export interface MoneyPart {
  register(app: FastifyInstance): void | Promise<void>
  registerWorkers(boss: Jobs): Promise<void>
  close?(): Promise<void>
}

/**
 * The money modules (issue 6): the ledger (the one service that moves money), sales (the split of every
 * sale), and payments, wallet, memberships, payouts and referrals around them.
 */
export async function wireMoney(deps: MoneyWiringDeps) {
  const ledger = createLedgerService({ repo: createLedgerRepo(deps.db), clock: deps.clock })
  await ledger.init()
  const referrals = wireReferrals({ ...deps, ledger })
  const sales = createSales({
    db: deps.db,
    ledger,
    referrerOf: referrals.referrerOf,
    now: () => deps.clock.now(),
  })
  const purchases = createPurchases({ ...deps, ledger, sales, log: deps.log.child({ name: 'purchases' }) })
  const shared: MoneyDeps = { ...deps, ledger, sales, purchases }
  const payments = wirePayments(shared)
  const wallet = wireWallet({ ...shared, payments: payments.service })
  const memberships = wireMemberships({ ...shared, payments: payments.service })
  const payouts = wirePayouts(shared)
  const parts: MoneyPart[] = [referrals, payments, wallet, memberships, payouts]
  return {
    ledger,
    sales,
    payments: payments.service,
    memberships: memberships.service,
    payouts: payouts.service,
    async register(app: FastifyInstance) {
      for (const part of parts) await part.register(app)
    },
    async registerWorkers(boss: Jobs) {
      for (const part of parts) await part.registerWorkers(boss)
    },
    async close() {
      for (const part of parts) await part.close?.()
    },
  }
}

export type MoneyModules = Awaited<ReturnType<typeof wireMoney>>
export type { LedgerService, Sales }
