import { z } from 'zod'
import { LineText } from '../rules/text.ts'
import { defineCall } from './define.ts'

/**
 * A Web Push subscription as the browser gives it (PushSubscription.toJSON()). It travels as the
 * `installation_id` of spec §7, serialised as JSON.
 */
export const PushSubscriptionJson = z.object({
  endpoint: z.url().max(2048),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: z.string().min(1).max(200), auth: z.string().min(1).max(100) }),
})

export const vapidPublicKey = defineCall({
  method: 'GET',
  path: '/fapi/core/push/vapid_public_key/',
  access: 'public',
  summary: 'The VAPID public key the browser subscribes with.',
  response: z.object({ public_key: z.string() }),
  // The same key for everyone; it changes only with the server's VAPID keys.
  cache: { maxAgeSeconds: 3600 },
})

export const addDeviceInstallation = defineCall({
  method: 'POST',
  path: '/fapi/core/push/add_device_installation/',
  access: 'session',
  summary: 'Register (or refresh) this device for web push; the client repeats it every 50 min.',
  input: z.object({ installation_id: LineText.min(1).max(4096), device_id: LineText.min(1).max(100) }),
  response: z.object({}),
})

export const delDeviceInstallation = defineCall({
  method: 'POST',
  path: '/fapi/core/push/del_device_installation/',
  access: 'session',
  summary: 'Stop web push to this device.',
  input: z.object({ device_id: LineText.min(1).max(100) }),
  response: z.object({}),
})

/** The decrypted body of every web push the server sends; the service worker shows it and opens `link`. */
export const WebPushPayload = z.object({
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  icon: z.string().optional(),
  tag: z.string().optional(),
})
export type WebPushPayload = z.infer<typeof WebPushPayload>
