import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import webpush from 'web-push'
import { z } from 'zod'
import type { Config } from './config.ts'

export interface VapidKeys {
  publicKey: string
  privateKey: string
  subject: string
}

const StoredKeys = z.object({ publicKey: z.string().min(1), privateKey: z.string().min(1) })

/**
 * VAPID keys from the configuration, or generated once into `<dataDir>/vapid.json` (mode 0600) and
 * reused: a new key pair would silently invalidate every browser subscription.
 */
export function loadVapidKeys(push: Config['push'], dataDir: string): VapidKeys {
  if (push.vapidPublicKey && push.vapidPrivateKey) {
    return { publicKey: push.vapidPublicKey, privateKey: push.vapidPrivateKey, subject: push.subject }
  }
  const file = path.join(dataDir, 'vapid.json')
  try {
    writeFileSync(file, JSON.stringify(webpush.generateVAPIDKeys()), { mode: 0o600, flag: 'wx' })
  } catch (error) {
    // Another process (or an earlier start) wrote it first: use that pair.
    if ((error as { code?: string }).code !== 'EEXIST') throw error
  }
  const stored = StoredKeys.parse(JSON.parse(readFileSync(file, 'utf8')))
  return { ...stored, subject: push.subject }
}

export interface PushTarget {
  endpoint: string
  p256dh: string
  auth: string
}

/** `gone`: the push service says the subscription no longer exists (404/410); drop it. */
export type PushOutcome = { ok: true; status: number } | { ok: false; status: number; gone: boolean }

export interface PushSender {
  /** Whether we may POST to this endpoint at all (https only, unless plain http is allowed for tests). */
  acceptsEndpoint(endpoint: string): boolean
  send(target: PushTarget, payload: string): Promise<PushOutcome>
}

/**
 * Web Push (RFC 8030) with VAPID (RFC 8292) and aes128gcm payload encryption (RFC 8291). web-push builds the
 * encrypted request; we send it with fetch so that timeouts and statuses stay ours.
 */
export function createPushSender(options: {
  vapid: VapidKeys
  allowHttp: boolean
  ttlSeconds?: number
  timeoutMs?: number
}): PushSender {
  const { vapid, allowHttp, ttlSeconds = 24 * 3600, timeoutMs = 10_000 } = options
  return {
    acceptsEndpoint(endpoint) {
      try {
        const url = new URL(endpoint)
        return url.protocol === 'https:' || (allowHttp && url.protocol === 'http:')
      } catch {
        return false
      }
    },
    async send(target, payload) {
      const details = webpush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        payload,
        {
          TTL: ttlSeconds,
          contentEncoding: 'aes128gcm',
          vapidDetails: { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
        },
      )
      const headers = Object.fromEntries(Object.entries(details.headers).map(([k, v]) => [k, String(v)]))
      const response = await fetch(details.endpoint, {
        method: 'POST',
        headers,
        body: details.body ? new Uint8Array(details.body) : null,
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      })
      await response.body?.cancel()
      if (response.status >= 200 && response.status < 300) return { ok: true, status: response.status }
      return { ok: false, status: response.status, gone: response.status === 404 || response.status === 410 }
    },
  }
}
