import { z } from 'zod'
import { LineText } from '../rules/text.ts'
import { ProviderParts } from '../shell.ts'
import { defineCall } from './define.ts'

export const ClientConfig = z.object({
  /** Public key for request signing of calls without a session (see docs/api.md). */
  signing_key: z.string(),
  google_client_id: z.string().nullable(),
  google_auth_url: z.string().nullable(),
  version: z.string(),
  /** The parts running on a built-in sandbox (empty in a real deployment): the app shows a test-mode banner. */
  sandbox_parts: z.array(z.enum(ProviderParts)),
})
export type ClientConfig = z.infer<typeof ClientConfig>

export const clientConfig = defineCall({
  method: 'GET',
  path: '/fapi/core/system/client_config/',
  access: 'public',
  unsigned: true,
  summary: 'Public client settings (signing key, Google client id, version).',
  response: ClientConfig,
})

export const systemFetch = defineCall({
  method: 'POST',
  path: '/fapi/core/system/fetch/',
  access: 'public',
  summary: 'Server time in seconds; the client keeps the difference to sign requests.',
  response: z.object({ ts: z.number().int() }),
})

/** Unread totals (spec §3/§4): TC chat, TN notifications, SC chat from spenders; custody status when any. */
export const systemInit = defineCall({
  method: 'GET',
  path: '/fapi/core/system/init/',
  access: 'session',
  summary: 'Unread totals for the tab badges.',
  response: z.object({
    TC: z.number().int().min(0),
    TN: z.number().int().min(0),
    SC: z.number().int().min(0),
    custody_status: z.number().int().optional(),
  }),
})

/** System settings (spec §3): CT become-host tip kind, AP skip the adult popup, and the feature switches. */
export const SystemSettings = z.object({
  CT: z.union([z.literal(1), z.literal(2)]),
  AP: z.union([z.literal(0), z.literal(1)]),
  live_enabled: z.boolean(),
  /** ISO instant after which the new-feature dialog is no longer shown. */
  new_feature_until: z.string(),
})
export type SystemSettings = z.infer<typeof SystemSettings>

export const showSettings = defineCall({
  method: 'GET',
  path: '/fapi/core/system/show_settings/',
  access: 'session',
  summary: 'System settings that shape the client.',
  response: SystemSettings,
})

export const commonReport = defineCall({
  method: 'POST',
  path: '/fapi/core/system/common_report/',
  access: 'session',
  summary:
    'Generic client report (user_open_mode, creator_verify, blocked_location: a 30023 page was shown).',
  input: z.object({
    action: z.enum(['user_open_mode', 'creator_verify', 'blocked_location']),
    payload: z.record(LineText.max(64), z.union([LineText.max(1000), z.number(), z.boolean()])).default({}),
  }),
  response: z.object({}),
})
