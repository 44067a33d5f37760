import type { SessionUser } from '@velvet/contract'
import type { ReactNode } from 'react'
import { Navigate, useLocation } from 'react-router'
import { PageLoader } from '../../ui/Spinner.tsx'
import { loginWithRedirect } from './redirect.ts'
import { useSession } from './session.ts'

/**
 * Screens of a signed-up account (their calls need one): a guest signs in first and comes back here; while
 * the session is being set up, the page loader shows.
 */
export function AccountOnly({ children }: { children: (user: SessionUser) => ReactNode }) {
  const session = useSession()
  const { pathname, search } = useLocation()
  if (session.kind === 'account') return children(session.user)
  if (session.kind === 'none') return <PageLoader />
  return <Navigate to={loginWithRedirect(`${pathname}${search}`)} replace />
}
