import { UserRole } from '@velvet/contract'
import { lazy, type ReactNode, Suspense, useEffect, useRef } from 'react'
import { Link, Outlet, useLocation, useNavigate } from 'react-router'
import { queryClient } from '../../lib/query-client.ts'
import { useStore } from '../../lib/store.ts'
import { Logo } from '../../ui/Logo.tsx'
import { useSession } from '../auth/index.ts'
import { systemKeys } from '../system/index.ts'
import { BecomeHostBubble } from './BecomeHostBubble.tsx'
import { shouldShowBecomeHost } from './become-host.ts'
import { createPostPopup } from './create-post-store.ts'
import { isFullWidth, isTabScreen, publishAction } from './guards.ts'
import { NewFeatureNotice } from './NewFeatureNotice.tsx'
import { SiteFooter } from './SiteFooter.tsx'
import { TabBar } from './TabBar.tsx'
import { desktopLayout } from './use-layout-metrics.ts'
import './shell.css'

/** Desktop only: phones never load it (the first page stays within its budget). */
const SideNav = lazy(() => import('./SideNav.tsx').then((module) => ({ default: module.SideNav })))

/**
 * The main layout (spec §2, §9): a feed-width column (full width on the listed pages), the desktop logo, side
 * menu and footer beside it on wide hover screens, the bottom tab bar on tab screens elsewhere, the
 * become-host bubble.
 * Unread totals are fetched on entry and again on each route change. As a route's Component it renders
 * the child route; a screen that decides its own layout passes `children`.
 */
export function AppLayout({ children }: { children?: ReactNode }) {
  const session = useSession()
  const navigate = useNavigate()
  const { pathname, search } = useLocation()
  const account = session.kind === 'account' ? session.user : null
  const role = account?.user_role ?? UserRole.None
  const tabs = isTabScreen(pathname, account?.user_name)
  const full = isFullWidth(pathname)
  const desktop = useStore(desktopLayout)

  const lastPath = useRef(pathname)
  useEffect(() => {
    if (lastPath.current === pathname) return
    lastPath.current = pathname
    void queryClient.invalidateQueries({ queryKey: systemKeys.initAll() })
  }, [pathname])

  const onBecomeHost = (referral: boolean) => {
    if (referral) {
      void navigate('/ref/referral_earn')
      return
    }
    const action = publishAction(role, `${pathname}${search}`)
    if (action.kind === 'popup') createPostPopup.open()
    else void navigate(action.to)
  }

  return (
    <div className={['v-shell', tabs ? 'v-shell--tabs' : '', full ? 'v-shell--full' : ''].join(' ')}>
      <aside className="v-shell__rail" aria-label="Velvet">
        <Link to="/home" className="v-shell__logo" aria-label="Velvet home">
          <Logo size="sm" />
        </Link>
        {desktop ? (
          <Suspense fallback={null}>
            <SideNav />
          </Suspense>
        ) : null}
        <SiteFooter className="v-shell__rail-footer" />
      </aside>
      <div className="v-shell__column">
        <div className="v-shell__content">{children ?? <Outlet />}</div>
        {tabs ? null : <SiteFooter className="v-shell__inline-footer" />}
      </div>
      {tabs ? (
        <>
          <BecomeHostBubble
            eligible={shouldShowBecomeHost({ onTabScreen: tabs, role, shownThisSession: false })}
            onOpen={onBecomeHost}
          />
          <TabBar />
        </>
      ) : null}
      <NewFeatureNotice />
    </div>
  )
}
