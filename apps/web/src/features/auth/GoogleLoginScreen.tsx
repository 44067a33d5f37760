import { ErrorCodes } from '@velvet/contract'
import { useEffect } from 'react'
import { useLocation } from 'react-router'
import { useClientConfig } from '../../lib/config.tsx'
import { PageLoader } from '../../ui/Spinner.tsx'
import { AuthProblem } from './AuthProblem.tsx'
import { startGoogleSignIn } from './oauth.ts'
import { redirectFrom } from './redirect.ts'

/** /google_login: hands over to Google's sign-in page, or says plainly that it is not available. */
export function GoogleLoginScreen() {
  const config = useClientConfig()
  const { search } = useLocation()
  const clientId = config.google_client_id
  const authUrl = config.google_auth_url

  useEffect(() => {
    if (!clientId || !authUrl) return
    location.assign(
      startGoogleSignIn({ authUrl, clientId, origin: location.origin, redirect: redirectFrom(search) }),
    )
  }, [clientId, authUrl, search])

  if (clientId && authUrl) return <PageLoader label="Opening Google sign-in" />

  return (
    <AuthProblem
      title={ErrorCodes.GoogleNotConfigured.message}
      text="You can sign in or create your account with your e-mail instead."
      backTo={`/login${search}`}
    />
  )
}
