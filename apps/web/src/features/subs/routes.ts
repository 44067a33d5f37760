import type { RouteObject } from 'react-router'
import { SubsSettingsPath } from './subs-paths.ts'

/** Memberships (/subs/*, spec §2 Subscriptions), one lazily loaded chunk each. */
export const subsRoutes: RouteObject[] = [
  {
    path: '/subs/subscriptions',
    lazy: () => import('./SubscriptionsScreen.tsx').then((m) => ({ Component: m.SubscriptionsScreen })),
  },
  {
    path: '/subs/subs_detail',
    lazy: () => import('./SubsDetailScreen.tsx').then((m) => ({ Component: m.SubsDetailScreen })),
  },
  {
    path: '/subs/disable-auto-renew',
    lazy: () => import('./DisableAutoRenewScreen.tsx').then((m) => ({ Component: m.DisableAutoRenewScreen })),
  },
  {
    path: '/subs/subscribers',
    lazy: () => import('./SubscribersScreen.tsx').then((m) => ({ Component: m.SubscribersScreen })),
  },
  {
    path: SubsSettingsPath,
    lazy: () =>
      import('./MembershipSettingsScreen.tsx').then((m) => ({ Component: m.MembershipSettingsScreen })),
  },
]
