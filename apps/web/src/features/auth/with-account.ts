import { useLocation, useNavigate } from 'react-router'
import { loginWithRedirect } from './redirect.ts'
import { useSession } from './session.ts'

/**
 * Runs `action` for a signed-in account; a guest is sent to sign in and brought back here (liking,
 * commenting and reporting need an account).
 */
export function useWithAccount() {
  const session = useSession()
  const navigate = useNavigate()
  const { pathname, search } = useLocation()
  return (action: () => void) => {
    if (session.kind === 'account') action()
    else void navigate(loginWithRedirect(`${pathname}${search}`))
  }
}
