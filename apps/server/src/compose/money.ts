import type { FastifyInstance } from 'fastify'
import { createPurchases } from '../modules/ledger/purchase.ts'
import { type MoneyDeps, type MoneyPart, type MoneyWiringDeps, wireSales } from '../modules/ledger/wiring.ts'
import { wireMemberships } from '../modules/memberships/wiring.ts'
import { wirePayments } from '../modules/payments/wiring.ts'
import { wirePayouts } from '../modules/payouts/wiring.ts'
import { wireReferrals } from '../modules/referrals/wiring.ts'
import { wireWallet } from '../modules/wallet/wiring.ts'

/**
 * The money modules around the ledger (built before, passed in): sales (the split of every sale), and
 * referrals, payments, wallet, memberships and payouts, in dependency order.
 */
export function wireMoney(deps: MoneyWiringDeps) {
  const { ledger } = deps
  const referrals = wireReferrals(deps)
  const sales = wireSales({ db: deps.db, ledger, referrerOf: referrals.referrerOf, clock: deps.clock })
  const purchases = createPurchases({ ...deps, sales, log: deps.log.child({ name: 'purchases' }) })
  const shared: MoneyDeps = { ...deps, sales, purchases }
  const payments = wirePayments(shared)
  const wallet = wireWallet({ ...shared, payments: payments.service })
  const memberships = wireMemberships({ ...shared, payments: payments.service })
  const payouts = wirePayouts(shared)
  const parts: MoneyPart[] = [referrals, payments, wallet, memberships, payouts]
  return {
    ledger,
    sales,
    purchases,
    payments: payments.service,
    memberships: memberships.service,
    payouts: payouts.service,
    async register(app: FastifyInstance) {
      for (const part of parts) await part.register(app)
    },
    workers: parts.flatMap((part) => part.workers ?? []),
    async close() {
      for (const part of parts) await part.close?.()
    },
  }
}

export type MoneyModules = ReturnType<typeof wireMoney>
