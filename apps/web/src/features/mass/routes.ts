import type { RouteObject } from 'react-router'
import { MassPath } from './paths.ts'

/** The mass message screens, each its own lazily loaded chunk. */
export const massRoutes = {
  list: {
    path: MassPath.list,
    lazy: () => import('./MassListScreen.tsx').then((m) => ({ Component: m.MassListScreen })),
  },
  sender: {
    path: MassPath.sender,
    lazy: () => import('./MassSenderScreen.tsx').then((m) => ({ Component: m.MassSenderScreen })),
  },
  success: {
    path: MassPath.success,
    lazy: () => import('./MassSuccessScreen.tsx').then((m) => ({ Component: m.MassSuccessScreen })),
  },
} satisfies Record<string, RouteObject>
