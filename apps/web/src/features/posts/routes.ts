import type { RouteObject } from 'react-router'

/**
 * The post screens (spec §2 Content): /post?id= and /user/post_view?user_id=&id=. Each brings its own main
 * layout, so a post that does not exist shows the error page without chrome (as a profile does).
 */
export const postRoutes = {
  post: {
    path: '/post',
    lazy: () => import('./PostScreen.tsx').then((m) => ({ Component: m.PostScreen })),
  },
  postView: {
    path: '/user/post_view',
    lazy: () => import('./UserPostViewScreen.tsx').then((m) => ({ Component: m.UserPostViewScreen })),
  },
} satisfies Record<string, RouteObject>
