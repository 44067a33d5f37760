import type { RouteObject } from 'react-router'

/**
 * The profile routes: /@{user_name} and the catch-all /{u} (a profile with a leading @, else the 404 page;
 * it brings its own main layout), and /user/edit_profile (inside the main layout).
 */
export const profileRoutes = {
  profile: {
    path: '/:handle',
    lazy: () => import('./ProfileRoute.tsx').then((m) => ({ Component: m.ProfileRoute })),
  },
  editProfile: {
    path: '/user/edit_profile',
    lazy: () => import('./EditProfileScreen.tsx').then((m) => ({ Component: m.EditProfileScreen })),
  },
} satisfies Record<string, RouteObject>
