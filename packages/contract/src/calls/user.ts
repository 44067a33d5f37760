import { z } from 'zod'
import { LineText, MultilineText } from '../rules/text.ts'
import { UserId } from './auth.ts'
import { defineCall } from './define.ts'

/** spec §7: the client reports its view of the user at once and every 60 s (Timing.userReportMs). */
export const userReport = defineCall({
  method: 'POST',
  path: '/fapi/core/user/report/',
  access: 'session',
  summary: 'Client heartbeat with the user fields it shows (updates last-seen).',
  input: z.object({
    user_role: z.number().int(),
    portrait: LineText.max(512).nullable().optional(),
    user_name: LineText.max(64).nullable().optional(),
    nickname: LineText.max(80).nullable().optional(),
    bio: MultilineText.max(2000).nullable().optional(),
  }),
  response: z.object({}),
})

export const OpenSource = { Standalone: 1, Browser: 2 } as const

export const openAppReport = defineCall({
  method: 'POST',
  path: '/fapi/core/user/open_app_report/',
  access: 'session',
  summary: 'How the app was opened (1 standalone, 2 browser); answers whether to prompt to install.',
  input: z.object({ open_source: z.union([z.literal(1), z.literal(2)]) }),
  response: z.object({ is_prompt_install: z.boolean() }),
})

export const adultPopupCheck = defineCall({
  method: 'POST',
  path: '/fapi/core/user/adult_popup/check/',
  access: 'session',
  summary: "Whether to show the adult-content popup before a creator's page.",
  input: z.object({ target_user_id: UserId }),
  response: z.object({ is_pop: z.boolean() }),
})

export const adultPopupConfirm = defineCall({
  method: 'POST',
  path: '/fapi/core/user/adult_popup/confirm/',
  access: 'session',
  summary: 'The viewer confirmed the adult-content popup (for every creator).',
  input: z.object({ target_user_id: UserId.optional() }),
  response: z.object({}),
})
