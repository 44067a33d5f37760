import type { RouteObject } from 'react-router'
import { ReferralPaths } from './paths.ts'

/** The referral programme (/ref/*), each its own lazily loaded chunk. */
export const referralRoutes: RouteObject[] = [
  {
    path: ReferralPaths.about,
    lazy: () => import('./AboutReferralScreen.tsx').then((m) => ({ Component: m.AboutReferralScreen })),
  },
  {
    path: ReferralPaths.earn,
    lazy: () => import('./ReferralEarnScreen.tsx').then((m) => ({ Component: m.ReferralEarnScreen })),
  },
  {
    path: `${ReferralPaths.root}/:code`,
    lazy: () => import('./ReferralLandingScreen.tsx').then((m) => ({ Component: m.ReferralLandingScreen })),
  },
]
