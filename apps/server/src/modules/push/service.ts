import { PushSubscriptionJson, type WebPushPayload } from '@velvet/contract'
import type { FastifyBaseLogger } from 'fastify'
import type { Clock } from '../../platform/clock.ts'
import { AppError } from '../../platform/errors.ts'
import type { Viewer } from '../../platform/http.ts'
import type { PushSender } from '../../platform/push.ts'
import type { PushRepo } from './repo.ts'

export interface PushServiceDeps {
  repo: PushRepo
  sender: PushSender
  vapidPublicKey: string
  clock: Clock
  log: FastifyBaseLogger
}

const badInstallation = (message: string) =>
  new AppError('ValidationFailed', {
    message,
    fields: [{ field: 'installation_id', rule: 'push.subscription', message }],
  })

/** The installation_id of spec §7 is the JSON of the browser's PushSubscription. */
function parseSubscription(installationId: string, sender: PushSender) {
  let json: unknown
  try {
    json = JSON.parse(installationId)
  } catch {
    throw badInstallation('The push subscription is not valid JSON.')
  }
  const parsed = PushSubscriptionJson.safeParse(json)
  if (!parsed.success) throw badInstallation('The push subscription is not valid.')
  if (!sender.acceptsEndpoint(parsed.data.endpoint)) {
    throw badInstallation('The push service address is not allowed.')
  }
  return parsed.data
}

export function createPushService({ repo, sender, vapidPublicKey, clock, log }: PushServiceDeps) {
  return {
    publicKey: () => ({ public_key: vapidPublicKey }),

    async addInstallation(viewer: Viewer, installationId: string, deviceId: string) {
      const sub = parseSubscription(installationId, sender)
      const saved = await repo.upsert(
        {
          userId: viewer.userId,
          deviceId,
          endpoint: sub.endpoint,
          p256dh: sub.keys.p256dh,
          auth: sub.keys.auth,
        },
        clock.now(),
      )
      // Someone else's subscription: knowing its address must not move its pushes to the caller.
      if (!saved) throw new AppError('PushSubscriptionTaken')
      return {}
    },

    async removeInstallation(viewer: Viewer, deviceId: string) {
      await repo.remove(viewer.userId, deviceId)
      return {}
    },

    /**
     * Sends one encrypted push to every device of the user. Failures are logged, never thrown: a push is
     * best effort. Subscriptions the push service reports gone (404/410) are deleted.
     */
    async sendToUser(userId: number, payload: WebPushPayload): Promise<{ sent: number }> {
      const body = JSON.stringify(payload)
      let sent = 0
      for (const installation of await repo.forUser(userId)) {
        try {
          const outcome = await sender.send(installation, body)
          if (outcome.ok) sent += 1
          else if (outcome.gone) await repo.removeById(installation.id)
          else log.warn({ status: outcome.status, userId }, 'push refused')
        } catch (err) {
          log.warn({ err, userId }, 'push failed')
        }
      }
      return { sent }
    },
  }
}

export type PushService = ReturnType<typeof createPushService>
