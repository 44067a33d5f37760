import { ERROR_PATH } from '@velvet/contract'
import type { ReactNode } from 'react'
import { createBrowserRouter, Navigate, type RouteObject, redirect } from 'react-router'
import { chatRoutes } from '../features/chat/routes.ts'
import { homeRoutes } from '../features/home/routes.ts'
import { infoRoutes } from '../features/info/routes.ts'
import { massRoutes } from '../features/mass/routes.ts'
import { paymentRoutes } from '../features/payments/routes.ts'
import { payoutRoutes } from '../features/payout/routes.ts'
import { peopleRoutes } from '../features/people/routes.ts'
import { feature } from '../features/placeholders/feature-handle.ts'
import { postRoutes } from '../features/posts/routes.ts'
import { profileRoutes } from '../features/profile/routes.ts'
import { publishRoutes } from '../features/publish/routes.ts'
import { referralRoutes } from '../features/referral/routes.ts'
import { settingsRoutes } from '../features/settings/routes.ts'
import { AppLayout } from '../features/shell/AppLayout.tsx'
import { activeChatContact } from '../features/shell/active-contact.ts'
import { ExternalRedirectGate } from '../features/shell/ExternalRedirectGate.tsx'
import { chatRoomRedirect, postViewTarget } from '../features/shell/guards.ts'
import { OWN_PAGE_FOR } from '../features/shell/site-links.ts'
import { subsRoutes } from '../features/subs/routes.ts'
import { walletRoutes } from '../features/wallet/routes.ts'
import { setNavigator } from '../lib/navigation.ts'
import { PageLoader } from '../ui/Spinner.tsx'
import { RootLayout } from './RootLayout.tsx'
import { RouteError } from './RouteError.tsx'

type Module = { Component: () => ReactNode }
type Load = () => Promise<Module>

const loginScreen = () =>
  import('../features/auth/LoginScreen.tsx').then((m) => ({ Component: m.LoginScreen }))

/** A screen of a later issue: its own chunk (features/placeholders/<group>.tsx) and the feature's name. */
function soon(path: string, load: Load, name: string, plural = false): RouteObject {
  return { path, handle: feature(name, plural), lazy: load }
}

const later = {
  live: () => import('../features/placeholders/live.tsx'),
  videoCall: () => import('../features/placeholders/video-call.tsx'),
  setting: () => import('../features/placeholders/setting.tsx'),
  agent: () => import('../features/placeholders/personal-agent.tsx'),
  manage: () => import('../features/placeholders/manage.tsx'),
  localTrans: () => import('../features/placeholders/local-trans.tsx'),
} satisfies Record<string, Load>

/** Every route of spec §2 whose feature comes with a later issue, inside the main layout. */
const laterRoutes: RouteObject[] = [
  {
    path: '/notifications',
    lazy: () =>
      import('../features/notifications/NotificationsScreen.tsx').then((m) => ({
        Component: m.NotificationsScreen,
      })),
  },
  chatRoutes.messages,
  {
    ...chatRoutes.chatRoom,
    // spec §2: without an active contact and without both u1 and u2, the visitor goes home.
    loader: ({ request }) => {
      const to = chatRoomRedirect(new URL(request.url).search, activeChatContact.get() !== null)
      return to ? redirect(to) : null
    },
  },
  ...Object.values(publishRoutes),
  soon('/live', later.live, 'Live'),
  soon('/live/gifters', later.live, 'Live gifters', true),
  soon('/live/join_live', later.live, 'Live'),
  soon('/video-call', later.videoCall, 'Video calls', true),
  soon('/video-call/setting', later.videoCall, 'Video call settings', true),
  ...Object.values(massRoutes),
  settingsRoutes.settings,
  settingsRoutes.adult,
  chatRoutes.paidMessage,
  soon('/setting/toy_setting', later.setting, 'Toy settings', true),
  settingsRoutes.account,
  peopleRoutes.blocked,
  settingsRoutes.creatorTools,
  profileRoutes.editProfile,
  peopleRoutes.followers,
  peopleRoutes.following,
  peopleRoutes.lists,
  settingsRoutes.creatorAudit,
  soon('/personal-agent/detail', later.agent, 'The personal agent'),
  soon('/personal-agent/manage', later.agent, 'The personal agent'),
  soon('/personal-agent/setting', later.agent, 'Personal agent settings', true),
  soon('/manage/dmca_form', later.manage, 'DMCA requests', true),
  soon('/manage/dmca_form/success', later.manage, 'DMCA requests', true),
  settingsRoutes.terms,
  settingsRoutes.emailNotifications,
  settingsRoutes.emailUnsubscribe,
  soon('/local/trans', later.localTrans, 'Translations', true),
]

/** Redirect paths without a page of their own show ours when the external switch is off (spec §2). */
const ownPageRedirects: RouteObject[] = Object.entries(OWN_PAGE_FOR).map(([path, to]) => ({
  path,
  element: <Navigate to={to} replace />,
}))

/** History mode, base / (spec §2). Each screen is its own lazily loaded chunk. */
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    ErrorBoundary: RouteError,
    HydrateFallback: PageLoader,
    children: [
      {
        ErrorBoundary: RouteError,
        children: [
          { path: '/', lazy: loginScreen },
          { path: '/login', lazy: loginScreen },
          {
            path: '/login/oauth',
            lazy: () =>
              import('../features/auth/OAuthCallbackScreen.tsx').then((m) => ({
                Component: m.OAuthCallbackScreen,
              })),
          },
          {
            path: '/google_login',
            lazy: () =>
              import('../features/auth/GoogleLoginScreen.tsx').then((m) => ({
                Component: m.GoogleLoginScreen,
              })),
          },
          {
            path: '/waiting',
            lazy: () =>
              import('../features/auth/WaitingScreen.tsx').then((m) => ({ Component: m.WaitingScreen })),
          },
          {
            path: `${ERROR_PATH}/:status`,
            lazy: () =>
              import('../features/errors/ErrorRouteScreen.tsx').then((m) => ({
                Component: m.ErrorRouteScreen,
              })),
          },
          // spec §2: /post/post_view is /post with the same query.
          {
            path: '/post/post_view',
            loader: ({ request }) => redirect(postViewTarget(new URL(request.url).search)),
          },
          // /@{user_name} and the catch-all /{u}: a profile with a leading @, else the 404 page.
          profileRoutes.profile,
          // The post screens bring their own main layout (a missing post is the error page, no chrome).
          ...Object.values(postRoutes),
          {
            Component: AppLayout,
            children: [
              homeRoutes.home,
              ...laterRoutes,
              // Money.
              ...paymentRoutes,
              ...walletRoutes,
              ...subsRoutes,
              ...payoutRoutes,
              ...referralRoutes,
              { Component: ExternalRedirectGate, children: [...infoRoutes, ...ownPageRedirects] },
            ],
          },
          {
            path: '*',
            lazy: () =>
              import('../features/errors/NotFoundScreen.tsx').then((m) => ({ Component: m.NotFoundScreen })),
          },
        ],
      },
    ],
  },
]

export const router = createBrowserRouter(routes)

setNavigator((to, options) => {
  void router.navigate(to, options)
})
