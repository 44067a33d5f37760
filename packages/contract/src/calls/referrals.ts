import { z } from 'zod'
import { Shares } from '../money.ts'
import { LineText } from '../rules/text.ts'
import { UserId } from './auth.ts'
import { defineCall } from './define.ts'
import { PageQuery, pageOf } from './profile.ts'

/**
 * The referral programme (spec §2): a creator's referral code is their username and their link is
 * /ref/{code}; whoever signs up through it (or names them in host verification) is referred by them, and
 * they earn 5% of that creator's earnings for 12 months, out of Velvet's part.
 */

export const REFERRAL_PATH = '/ref'
/** localStorage: the referral code of the last /ref/{code} link opened (spec §3 "referrer id"). */
export const REFERRER_STORAGE_KEY = 'velvet.referrer_id'

export const ReferralTexts = {
  share: `Earn ${Shares.referralBps / 100}% of what the creators you invite earn for ${Shares.referralMonths} months`,
  notCreator: 'Become a creator to get your referral link.',
} as const

export const ReferralCode = LineText.trim()
  .min(1)
  .max(32)
  .regex(/^[A-Za-z0-9_.]+$/, { message: 'This referral link is not valid.' })

const ReferrerCard = z.object({
  user_id: UserId,
  user_name: z.string(),
  nickname: z.string().nullable(),
  portrait: z.string().nullable(),
})

export const referralResolve = defineCall({
  method: 'GET',
  path: '/fapi/core/referral/resolve/',
  access: 'session',
  summary: 'Who a referral code belongs to (the /ref/{code} page)',
  input: z.object({ code: ReferralCode }),
  response: z.object({ referrer: ReferrerCard }),
})

export const referralBind = defineCall({
  method: 'POST',
  path: '/fapi/core/referral/bind/',
  access: 'account',
  summary: 'Record who referred this account (from the stored /ref/{code}); once, before becoming a creator',
  input: z.object({ code: ReferralCode }),
  response: z.object({ referrer: ReferrerCard }),
})

export const ReferralStats = z.object({
  /** Creators only have a link. */
  can_refer: z.boolean(),
  code: z.string().nullable(),
  /** The path of the link (the web adds its origin). */
  link_path: z.string().nullable(),
  referred: z.number().int().min(0),
  /** Referred users still inside their 12 months. */
  earning: z.number().int().min(0),
  earned_cents: z.number().int().min(0),
  share_bps: z.number().int(),
  months: z.number().int(),
})
export type ReferralStats = z.infer<typeof ReferralStats>

export const referralLink = defineCall({
  method: 'GET',
  path: '/fapi/core/referral/link/',
  access: 'account',
  summary: 'My referral link and what it brought',
  response: ReferralStats,
})

export const ReferralEarning = z.object({
  user: ReferrerCard.extend({ user_name: z.string().nullable() }),
  /** Unix seconds: when the referral was recorded and when its 12 months end. */
  referred_at: z.number().int(),
  ends_at: z.number().int(),
  is_creator: z.boolean(),
  active: z.boolean(),
  sales: z.number().int().min(0),
  earned_cents: z.number().int().min(0),
})
export type ReferralEarning = z.infer<typeof ReferralEarning>

export const referralEarnings = defineCall({
  method: 'GET',
  path: '/fapi/core/referral/earnings/',
  access: 'account',
  summary: 'The users I referred and what I earned from each (keyset pages, newest first)',
  input: PageQuery,
  response: pageOf(ReferralEarning),
})
