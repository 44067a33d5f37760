import { addDeviceInstallation, delDeviceInstallation, vapidPublicKey } from '@velvet/contract'
import type { FastifyInstance } from 'fastify'
import { registerCall } from '../../platform/http.ts'
import type { PushService } from './service.ts'

export function registerPushRoutes(app: FastifyInstance, deps: { push: PushService }): void {
  const { push } = deps
  registerCall(app, vapidPublicKey, () => push.publicKey())
  registerCall(app, addDeviceInstallation, ({ input, viewer }) =>
    push.addInstallation(viewer, input.installation_id, input.device_id),
  )
  registerCall(app, delDeviceInstallation, ({ input, viewer }) =>
    push.removeInstallation(viewer, input.device_id),
  )
}
