import type { RouteObject } from 'react-router'
import { accountRoutes } from '../account/index.ts'
import { creatorRoutes } from '../creator/index.ts'
import { emailPrefsRoutes } from '../email-prefs/index.ts'
import { legalRoutes } from '../legal/index.ts'

/**
 * The routes of settings, account, e-mail, terms and creator verification (spec §2 Settings and account,
 * Management): one lazily loaded chunk each, placed in the router's main-layout list. The other features
 * publish their route objects; the screens stay behind their lazy imports.
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
  ...accountRoutes,
  ...creatorRoutes,
  ...legalRoutes,
  ...emailPrefsRoutes,
} as const satisfies Record<string, RouteObject>
