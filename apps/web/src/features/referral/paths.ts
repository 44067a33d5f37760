import { REFERRAL_PATH } from '@velvet/contract'

export const ReferralPaths = {
  root: REFERRAL_PATH,
  about: `${REFERRAL_PATH}/about_referral`,
  earn: `${REFERRAL_PATH}/referral_earn`,
} as const
