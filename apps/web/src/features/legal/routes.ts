import type { RouteObject } from 'react-router'

/** The terms screen (spec §2 Management): its own lazily loaded chunk, placed by settings/routes.ts. */
export const legalRoutes = {
  terms: {
    path: '/manage/terms',
    lazy: () => import('./LegalTermsScreen.tsx').then((m) => ({ Component: m.LegalTermsScreen })),
  },
} as const satisfies Record<string, RouteObject>
