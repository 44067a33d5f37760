import type { ClientConfig } from '@velvet/contract'
import { handleUnauthorized, waitForTokenRotation } from '../features/auth/auth.service.ts'
import { credentialsOf, sessionStore } from '../features/auth/session.ts'
import { api } from '../lib/api/index.ts'
import { deviceId, timezone } from '../lib/device.ts'
import { platform } from '../lib/platform.ts'

/** Wires the one API client to the session, device and platform once the client config is known. */
export function configureApi(config: ClientConfig): void {
  api.configure({
    signingKey: config.signing_key,
    credentials: () => credentialsOf(sessionStore.get()),
    client: () => ({
      deviceId: deviceId(),
      platform: platform().platform,
      platformUi: platform().platform_ui,
      timezone: timezone(),
      appVersion: config.version,
    }),
    beforeCall: waitForTokenRotation,
    onUnauthorized: handleUnauthorized,
  })
}
