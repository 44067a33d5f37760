import type { RouteObject } from 'react-router'

/** The account screen (spec §2 Settings and account): its own lazily loaded chunk, placed by settings/routes.ts. */
export const accountRoutes = {
  account: {
    path: '/user/account',
    lazy: () => import('./AccountScreen.tsx').then((m) => ({ Component: m.AccountScreen })),
  },
} as const satisfies Record<string, RouteObject>
