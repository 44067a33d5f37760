import { type CallInvite, Timing } from '@velvet/contract'
import type { z } from 'zod'

export type CallInviteBody = z.infer<typeof CallInvite>

/** The price line of the incoming-call banner (spec §2). */
export function callPriceLine(setting: CallInviteBody['user_call_setting']): string {
  if (setting.total_tokens === 0) return '0 for unlimited time'
  return `${setting.total_tokens} for ${setting.min_time} Min`
}

/** How long the banner rings before it goes away by itself: timeout_sec, default 140 s (spec §4, §9). */
export function callTimeoutMs(invite: Pick<CallInviteBody, 'timeout_sec'>): number {
  const seconds = invite.timeout_sec
  return (seconds != null && seconds > 0 ? seconds : Timing.callBannerTimeoutSec) * 1000
}

/** Accepting and declining need the call service, which this build does not have yet. */
export const CALLS_UNAVAILABLE_MESSAGE = 'Video calls are not available in this version of Velvet yet.'
