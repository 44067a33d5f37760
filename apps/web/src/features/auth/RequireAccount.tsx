import type { ReactNode } from 'react'
import { Navigate, useLocation } from 'react-router'
import { PageLoader } from '../../ui/Spinner.tsx'
import { loginWithRedirect } from './redirect.ts'
import { useSession } from './session.ts'
import { useSessionExiting } from './session-exit.ts'

/**
 * Screens of a signed-up account: an anonymous guest signs in first and comes back here (spec §4
 * "go to /login with a redirect"); while the session is being made or left, a loader shows.
 */
export function RequireAccount({ children }: { children: ReactNode }) {
  const session = useSession()
  const exiting = useSessionExiting()
  const { pathname, search } = useLocation()
  if (exiting) return <PageLoader label="Signing out" />
  if (session.kind === 'anonymous') return <Navigate to={loginWithRedirect(`${pathname}${search}`)} replace />
  if (session.kind === 'none') return <PageLoader />
  return children
}
