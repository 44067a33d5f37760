import type { RouteObject } from 'react-router'
import { feature } from '../placeholders/feature-handle.ts'

const notBuilt = () => import('../placeholders/posts.tsx')

/** The post screens (spec §2 Content). Until they are built, each says so plainly. */
export const postRoutes = {
  post: { path: '/post', handle: feature('Posts', true), lazy: notBuilt },
  postView: { path: '/user/post_view', handle: feature('Posts', true), lazy: notBuilt },
} satisfies Record<string, RouteObject>
