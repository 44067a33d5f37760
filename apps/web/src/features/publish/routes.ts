import type { RouteObject } from 'react-router'
import { feature } from '../placeholders/feature-handle.ts'

const notBuilt = () => import('../placeholders/publish.tsx')

/** The composer and its lists (spec §2 Content). Until they are built, each says so plainly. */
export const publishRoutes = {
  publish: { path: '/publish', handle: feature('Publishing'), lazy: notBuilt },
  drafts: { path: '/publish/drafts', handle: feature('Drafts', true), lazy: notBuilt },
  schedule: { path: '/publish/schedule', handle: feature('Scheduled posts', true), lazy: notBuilt },
  success: { path: '/publish/success', handle: feature('Publishing'), lazy: notBuilt },
} satisfies Record<string, RouteObject>
