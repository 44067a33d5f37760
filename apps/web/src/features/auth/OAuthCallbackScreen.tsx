import { ErrorCodes, login } from '@velvet/contract'
import { useEffect, useRef, useState } from 'react'
import { useNavigate } from 'react-router'
import { messageOf } from '../../lib/api/errors.ts'
import { api } from '../../lib/api/index.ts'
import { PageLoader } from '../../ui/Spinner.tsx'
import { AuthProblem } from './AuthProblem.tsx'
import { applySessionAnswer } from './auth.service.ts'
import { idTokenNonce, takePendingOAuth } from './oauth.ts'
import { HOME_PATH } from './redirect.ts'
import { loginStepPath, Step } from './steps.ts'

/** /login/oauth: Google sends the user back here with #access_token, id_token and state. */
export function OAuthCallbackScreen() {
  const navigate = useNavigate()
  const started = useRef(false)
  const [error, setError] = useState<string | null>(null)

  useEffect(() => {
    if (started.current) return
    started.current = true
    const params = new URLSearchParams(location.hash.slice(1))
    // The tokens should not stay in the address bar or history.
    history.replaceState(history.state, '', location.pathname)
    const pending = takePendingOAuth()
    const idToken = params.get('id_token')
    const failed = ErrorCodes.GoogleTokenInvalid.message
    if (params.get('error') || !pending || !idToken || params.get('state') !== pending.state) {
      setError(failed)
      return
    }
    if (idTokenNonce(idToken) !== pending.nonce) {
      setError(failed)
      return
    }
    api
      .call(login, { type: 'google', token: params.get('access_token') ?? undefined, id_token: idToken })
      .then((answer) => {
        applySessionAnswer(answer)
        const query =
          pending.redirect === HOME_PATH ? '' : `?redirect=${encodeURIComponent(pending.redirect)}`
        void navigate(answer.user.needs_profile ? loginStepPath(Step.Birthday, query) : pending.redirect, {
          replace: true,
        })
      })
      .catch((reason: unknown) => setError(messageOf(reason)))
  }, [navigate])

  if (!error) return <PageLoader label="Signing you in…" />

  return <AuthProblem title="We couldn't sign you in" text={error} alert backTo="/login" replace />
}
