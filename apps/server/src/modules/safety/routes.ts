import { addBlockedLocation, blockedLocations, removeBlockedLocation } from '@velvet/contract'
import type { FastifyInstance } from 'fastify'
import { registerCall } from '../../platform/http.ts'
import type { SafetyService } from './service.ts'

export function registerSafetyRoutes(app: FastifyInstance, deps: { safety: SafetyService }): void {
  const { safety } = deps
  registerCall(app, blockedLocations, ({ viewer, req }) => safety.list(viewer, req.ip))
  registerCall(app, addBlockedLocation, ({ viewer, input }) => safety.add(viewer, input))
  registerCall(app, removeBlockedLocation, ({ viewer, input }) => safety.remove(viewer, input.id))
}
