import { lazy, Suspense, useEffect, useState } from 'react'
import { Navigate, Outlet, useLocation } from 'react-router'
import { bootSession, ensureSession, refreshIfDue } from '../features/auth/auth.service.ts'
import { HOME_PATH, redirectFrom, safeRedirect } from '../features/auth/redirect.ts'
import { useSession } from '../features/auth/session.ts'
import { loginStepPath, Step } from '../features/auth/steps.ts'
import { AgeGate } from '../features/shell/AgeGate.tsx'
import { CreatePostSheet } from '../features/shell/CreatePostSheet.tsx'
import { TestModeBanner } from '../features/shell/TestModeBanner.tsx'
import { useLayoutMetrics } from '../features/shell/use-layout-metrics.ts'
import { useSystemReports } from '../features/system/use-system-reports.ts'
import { useVersionWatch } from '../features/system/use-version-watch.ts'
import { ConfirmHost } from '../ui/ConfirmDialog.tsx'
import { PromptViewport } from '../ui/Prompt.tsx'
import { PageLoader } from '../ui/Spinner.tsx'
import { ToastViewport } from '../ui/Toast.tsx'
import { ShellServices } from './ShellServices.tsx'
import { useTimeSync } from './use-time-sync.ts'

/** spec §5 e-mail links: their handler is its own chunk, loaded only for an address with sc=email. */
const EmailLinkGate = lazy(() =>
  import('../features/shell/EmailLinkGate.tsx').then((m) => ({ default: m.EmailLinkGate })),
)

/** Paths whose own screen decides where a signed-in user goes. */
const SIGN_IN_PATHS = new Set(['/', '/login', '/login/oauth'])
/** Paths that carry the place to return to in their own `redirect` param. */
const PASS_THROUGH_PATHS = new Set(['/waiting', '/login/oauth', '/google_login'])

/** Where an account that still has to finish sign-up resumes it, keeping the place it was going to. */
function resumeSignupPath(pathname: string, search: string): string {
  const target = PASS_THROUGH_PATHS.has(pathname)
    ? redirectFrom(search)
    : safeRedirect(`${pathname}${search}`)
  const query = target === HOME_PATH ? '' : `?redirect=${encodeURIComponent(target)}`
  return loginStepPath(Step.Birthday, query)
}

/**
 * The root of every route: resolves the session on entry (auth guard, refresh, current user), checks the
 * token on each route change, keeps the server time in step, watches the deployed version, sends the
 * system reports, applies the layout maths and hosts the app-wide overlays (age gate, create popup,
 * confirm dialog, prompt, toasts) and the shell services.
 */
export function RootLayout() {
  const [ready, setReady] = useState(false)
  const session = useSession()
  const { pathname, search } = useLocation()
  useTimeSync()
  useLayoutMetrics()
  useVersionWatch()
  useSystemReports()

  useEffect(() => {
    void bootSession().finally(() => setReady(true))
  }, [])

  useEffect(() => {
    if (ready && pathname) void refreshIfDue()
  }, [ready, pathname])

  // After a logout or a lost guest token, a fresh guest is created (spec §4).
  useEffect(() => {
    if (ready && session.kind === 'none') void ensureSession()
  }, [ready, session.kind])

  let content = <Outlet />
  if (!ready) {
    content = <PageLoader />
  } else if (session.kind === 'account' && session.user.needs_profile && !SIGN_IN_PATHS.has(pathname)) {
    content = <Navigate to={resumeSignupPath(pathname, search)} replace />
  }
  return (
    <>
      <TestModeBanner />
      {content}
      {ready ? <CreatePostSheet /> : null}
      {ready && new URLSearchParams(search).get('sc') === 'email' ? (
        <Suspense fallback={null}>
          <EmailLinkGate />
        </Suspense>
      ) : null}
      <AgeGate />
      <ConfirmHost />
      <PromptViewport />
      <ToastViewport />
      <ShellServices />
    </>
  )
}
