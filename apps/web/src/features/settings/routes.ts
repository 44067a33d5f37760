import type { RouteObject } from 'react-router'

/**
 * The routes of settings, account, e-mail, terms and creator verification (spec §2 Settings and account,
 * Management): one lazily loaded chunk each, placed in the router's main-layout list.
 */
export const settingsRoutes = {
  settings: {
    path: '/setting',
    lazy: () => import('./SettingsScreen.tsx').then((m) => ({ Component: m.SettingsScreen })),
  },
  adult: {
    path: '/setting/adult_setting',
    lazy: () => import('./AdultSettingsScreen.tsx').then((m) => ({ Component: m.AdultSettingsScreen })),
  },
  account: {
    path: '/user/account',
    lazy: () => import('../account/AccountScreen.tsx').then((m) => ({ Component: m.AccountScreen })),
  },
  creatorTools: {
    path: '/user/creator_tools',
    lazy: () =>
      import('../creator/CreatorToolsScreen.tsx').then((m) => ({ Component: m.CreatorToolsScreen })),
  },
  creatorAudit: {
    path: '/creator_audit',
    lazy: () =>
      import('../creator/CreatorAuditScreen.tsx').then((m) => ({ Component: m.CreatorAuditScreen })),
  },
  terms: {
    path: '/manage/terms',
    lazy: () => import('../legal/LegalTermsScreen.tsx').then((m) => ({ Component: m.LegalTermsScreen })),
  },
  emailNotifications: {
    path: '/manage/email/notification',
    lazy: () =>
      import('../email-prefs/EmailNotificationsScreen.tsx').then((m) => ({
        Component: m.EmailNotificationsScreen,
      })),
  },
  emailUnsubscribe: {
    path: '/manage/email/unsubscribe',
    lazy: () =>
      import('../email-prefs/UnsubscribeScreen.tsx').then((m) => ({ Component: m.UnsubscribeScreen })),
  },
} as const satisfies Record<string, RouteObject>
