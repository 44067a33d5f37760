import { referralBind, referralEarnings, referralLink, referralResolve } from '@velvet/contract'
import type { FastifyInstance } from 'fastify'
import { registerCall } from '../../platform/http.ts'
import type { ReferralsService } from './service.ts'

export function registerReferralRoutes(app: FastifyInstance, referrals: ReferralsService): void {
  registerCall(app, referralResolve, ({ input }) => referrals.resolve(input.code), {
    rateLimit: { max: 60, timeWindow: '1 minute' },
  })
  registerCall(app, referralBind, ({ viewer, input }) => referrals.bind(viewer, input.code), {
    rateLimit: { max: 10, timeWindow: '1 minute' },
  })
  registerCall(app, referralLink, ({ viewer }) => referrals.link(viewer))
  registerCall(app, referralEarnings, ({ viewer, input }) =>
    referrals.earnings(viewer, input.cursor, input.limit),
  )
}
