import type { RouteObject } from 'react-router'

/**
 * The creator tools and creator verification screens (spec §2 Management): one lazily loaded chunk each,
 * placed by settings/routes.ts.
 */
export const creatorRoutes = {
  creatorTools: {
    path: '/user/creator_tools',
    lazy: () => import('./CreatorToolsScreen.tsx').then((m) => ({ Component: m.CreatorToolsScreen })),
  },
  creatorAudit: {
    path: '/creator_audit',
    lazy: () => import('./CreatorAuditScreen.tsx').then((m) => ({ Component: m.CreatorAuditScreen })),
  },
} as const satisfies Record<string, RouteObject>
