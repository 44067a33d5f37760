import { useEffect } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { Logo } from '../../ui/Logo.tsx'
import { Spinner } from '../../ui/Spinner.tsx'
import { AuthLayout } from './AuthLayout.tsx'
import { ensureSession } from './auth.service.ts'
import { redirectFrom } from './redirect.ts'

/** /waiting: resolves the session (auth guard), then goes to `redirect` or /home. */
export function WaitingScreen() {
  const navigate = useNavigate()
  const { search } = useLocation()

  useEffect(() => {
    let cancelled = false
    void ensureSession().then(() => {
      if (!cancelled) void navigate(redirectFrom(search), { replace: true })
    })
    return () => {
      cancelled = true
    }
  }, [navigate, search])

  return (
    <AuthLayout>
      <div className="v-status" aria-busy="true">
        <Logo size="lg" wordmark={false} />
        <h1 className="v-status__title">Signing you in…</h1>
        <Spinner size="lg" label="Signing you in" />
      </div>
    </AuthLayout>
  )
}
