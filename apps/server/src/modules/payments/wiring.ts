import { createHmac } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { defineJob, work } from '../../platform/jobs.ts'
import { createSandboxPayments, type SandboxPayments } from '../../platform/payments/sandbox.ts'
import { registerSandboxPaymentRoutes } from '../../platform/payments/sandbox-routes.ts'
import type { MoneyDeps, MoneyPart } from '../ledger/wiring.ts'
import { COINS_PURPOSE, coinPurchaseHandler, createCoinSales } from './coins.ts'
import { createPaymentsRepo } from './repo.ts'
import { registerPaymentsRoutes } from './routes.ts'
import { createSandboxPaymentsRepo } from './sandbox-repo.ts'
import { createPaymentsService, type PaymentsService } from './service.ts'

/** Every five minutes, payments that have waited on the provider for ten are asked about (lost webhooks). */
export const reconcileJob = defineJob({
  name: 'payments-reconcile',
  payload: z.object({}),
  cron: '*/5 * * * *',
})
export const RECONCILE_AFTER_MS = 10 * 60_000

/**
 * Payments: the sandbox card provider (hosted card form, 3DS page, signed webhooks), saved cards,
 * coin purchases, webhooks and chargebacks. `service` is the PaymentsApi other money modules use; its
 * `sandbox` drives the sandbox provider (disputes, hand-delivered events) in tests and demos.
 */
export function wirePayments(deps: MoneyDeps): MoneyPart & {
  service: PaymentsService & { sandbox: SandboxPayments }
} {
  const secret =
    deps.config.payments.webhookSecret ??
    createHmac('sha256', deps.secret).update('payments-webhook-v1').digest('base64url')
  const sandbox = createSandboxPayments({
    store: createSandboxPaymentsRepo(deps.db),
    secret,
    publicUrl: deps.publicUrl,
    clock: deps.clock,
    delayMs: deps.config.payments.sandboxDelayMs,
    log: deps.log.child({ name: 'payments-sandbox' }),
  })
  const repo = createPaymentsRepo(deps.db)
  const service = createPaymentsService({
    repo,
    provider: sandbox.provider,
    clock: deps.clock,
    publicUrl: deps.publicUrl,
    log: deps.log.child({ name: 'payments' }),
  })
  service.registerPurpose(COINS_PURPOSE, coinPurchaseHandler(deps.ledger))
  const coins = createCoinSales({ payments: service, repo, ledger: deps.ledger })
  return {
    service: { ...service, sandbox },
    register(app: FastifyInstance) {
      registerPaymentsRoutes(app, {
        payments: service,
        coins,
        ledger: deps.ledger,
        provider: sandbox.provider,
        clock: deps.clock,
      })
      registerSandboxPaymentRoutes(app, { sandbox, clock: deps.clock })
    },
    workers: [
      work(reconcileJob, async () => {
        await service.reconcile(RECONCILE_AFTER_MS)
      }),
    ],
    async close() {
      sandbox.close()
    },
  }
}
