import type { RouteObject } from 'react-router'

/**
 * The e-mail notification and unsubscribe screens (spec §2 Management): one lazily loaded chunk each,
 * placed by settings/routes.ts.
 */
export const emailPrefsRoutes = {
  emailNotifications: {
    path: '/manage/email/notification',
    lazy: () =>
      import('./EmailNotificationsScreen.tsx').then((m) => ({
        Component: m.EmailNotificationsScreen,
      })),
  },
  emailUnsubscribe: {
    path: '/manage/email/unsubscribe',
    lazy: () => import('./UnsubscribeScreen.tsx').then((m) => ({ Component: m.UnsubscribeScreen })),
  },
} as const satisfies Record<string, RouteObject>
