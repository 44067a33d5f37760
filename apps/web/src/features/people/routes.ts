import type { RouteObject } from 'react-router'

/** The people screens (spec §2 Settings and account), each its own lazily loaded chunk. */
export const peopleRoutes = {
  followers: {
    path: '/user/followers',
    lazy: () => import('./ConnectionsScreen.tsx').then((m) => ({ Component: m.FollowersScreen })),
  },
  following: {
    path: '/user/following',
    lazy: () => import('./ConnectionsScreen.tsx').then((m) => ({ Component: m.FollowingScreen })),
  },
  lists: {
    path: '/user/list',
    lazy: () => import('./ListsScreen.tsx').then((m) => ({ Component: m.ListsScreen })),
  },
  blocked: {
    path: '/user/blocked',
    lazy: () => import('./BlockedScreen.tsx').then((m) => ({ Component: m.BlockedScreen })),
  },
} satisfies Record<string, RouteObject>
