import type { RouteObject } from 'react-router'
import { PublishPath } from './paths.ts'

/** The composer and its lists (spec §2 Content), each its own lazily loaded chunk. */
export const publishRoutes = {
  publish: {
    path: PublishPath.compose,
    lazy: () => import('./ComposerScreen.tsx').then((m) => ({ Component: m.ComposerScreen })),
  },
  drafts: {
    path: PublishPath.drafts,
    lazy: () => import('./OwnPostsScreen.tsx').then((m) => ({ Component: m.DraftsScreen })),
  },
  schedule: {
    path: PublishPath.schedule,
    lazy: () => import('./OwnPostsScreen.tsx').then((m) => ({ Component: m.ScheduledScreen })),
  },
  success: {
    path: PublishPath.success,
    lazy: () => import('./SuccessScreen.tsx').then((m) => ({ Component: m.SuccessScreen })),
  },
} satisfies Record<string, RouteObject>
