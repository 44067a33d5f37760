import {
  payoutDetail,
  payoutList,
  payoutMethods,
  payoutOverview,
  payoutTax,
  removePayoutMethod,
  requestPayout,
  savePayoutAch,
  savePayoutPaypal,
  savePayoutTax,
  savePayoutUsdt,
  setDefaultPayoutMethod,
} from '@velvet/contract'
import type { FastifyInstance } from 'fastify'
import { registerCall } from '../../platform/http.ts'
import type { PayoutsService } from './service.ts'

const adding = { rateLimit: { max: 20, timeWindow: '1 hour' } }

export function registerPayoutRoutes(app: FastifyInstance, payouts: PayoutsService): void {
  registerCall(app, payoutOverview, ({ viewer }) => payouts.overview(viewer))
  registerCall(app, payoutMethods, ({ viewer }) => payouts.methods(viewer))
  registerCall(app, savePayoutAch, ({ viewer, input }) => payouts.saveAch(viewer, input), adding)
  registerCall(app, savePayoutPaypal, ({ viewer, input }) => payouts.savePaypal(viewer, input), adding)
  registerCall(app, savePayoutUsdt, ({ viewer, input }) => payouts.saveUsdt(viewer, input), adding)
  registerCall(app, setDefaultPayoutMethod, ({ viewer, input }) =>
    payouts.setDefault(viewer, input.method_id),
  )
  registerCall(app, removePayoutMethod, ({ viewer, input }) => payouts.remove(viewer, input.method_id))
  registerCall(app, payoutTax, ({ viewer }) => payouts.tax(viewer))
  registerCall(app, savePayoutTax, ({ viewer, input }) => payouts.saveTax(viewer, input))
  registerCall(app, requestPayout, ({ viewer, input, idempotencyKey }) =>
    payouts.request(viewer, idempotencyKey, input, requestPayout.path),
  )
  registerCall(app, payoutList, ({ viewer, input }) => payouts.list(viewer, input.cursor, input.limit))
  registerCall(app, payoutDetail, ({ viewer, input }) => payouts.detail(viewer, input.payout_id))
}
