import { massAudienceCount, massCancel, massCreate, massDetail, massList } from '@velvet/contract'
import type { FastifyInstance } from 'fastify'
import { registerCall } from '../../platform/http.ts'
import type { MassService } from './service.ts'

/** Counting an audience runs a query per keystroke of the picker: per user, generous. */
const COUNT_LIMIT = { max: 120, timeWindow: '1 minute', perUser: true }

export function registerMassRoutes(app: FastifyInstance, deps: { mass: MassService }): void {
  const { mass } = deps
  registerCall(app, massAudienceCount, ({ viewer, input }) => mass.audienceCount(viewer, input.audience), {
    rateLimit: COUNT_LIMIT,
  })
  registerCall(app, massCreate, ({ viewer, input }) => mass.create(viewer, input))
  registerCall(app, massList, ({ viewer, input }) => mass.list(viewer, input))
  registerCall(app, massDetail, ({ viewer, input }) => mass.detail(viewer, input.mass_id))
  registerCall(app, massCancel, ({ viewer, input }) => mass.cancel(viewer, input.mass_id))
}
