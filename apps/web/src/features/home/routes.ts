import type { RouteObject } from 'react-router'

/** /home (spec §2 Main tabs). */
export const homeRoutes = {
  home: {
    path: '/home',
    lazy: () => import('./HomeScreen.tsx').then((m) => ({ Component: m.HomeScreen })),
  },
} satisfies Record<string, RouteObject>
