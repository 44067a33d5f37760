import { commonReport } from '@velvet/contract'
import { ChevronLeft, House, RotateCw } from 'lucide-react'
import { useEffect } from 'react'
import { Link, useLocation, useNavigate } from 'react-router'
import { api } from '../../lib/api/index.ts'
import { Button, buttonClassName } from '../../ui/Button.tsx'
import { Logo } from '../../ui/Logo.tsx'
import { HOME_PATH } from '../auth/index.ts'
import type { ErrorContent } from './error-content.ts'
import './errors.css'

/**
 * The error page (spec §2): a layout without chrome, a back button top left, the status large and the
 * message as the heading. A stale client (9002) is offered a refresh.
 */
export function ErrorPage({
  status,
  title,
  detail,
  stale = false,
  blockedLocation = false,
}: {
  status: number
  title: string
  detail?: string
  stale?: boolean
  blockedLocation?: boolean
}) {
  const navigate = useNavigate()
  const location = useLocation()
  useEffect(() => {
    // spec §2: a 30023 page is tracked (as a client report; failures are only logged).
    if (!blockedLocation) return
    api
      .call(commonReport, { action: 'blocked_location', payload: { path: location.pathname } })
      .catch((error: unknown) => console.debug('blocked_location report failed', error))
  }, [blockedLocation, location.pathname])
  const canGoBack = location.key !== 'default'
  const goBack = () => {
    if (canGoBack) void navigate(-1)
    else void navigate(HOME_PATH, { replace: true })
  }
  return (
    <div className="v-error-layout">
      <header className="v-error-layout__bar">
        <button type="button" className="v-icon-button" aria-label="Go back" onClick={goBack}>
          <ChevronLeft aria-hidden="true" />
        </button>
        <Link to={HOME_PATH} aria-label="Velvet home" className="v-error__brand">
          <Logo size="sm" />
        </Link>
        <span className="v-icon-button v-icon-button--spacer" aria-hidden="true" />
      </header>
      <main className="v-error">
        <div className="v-error__body">
          <p className="v-error__code" aria-hidden="true">
            {status}
          </p>
          <h1 className="v-error__title">{title}</h1>
          {detail ? <p className="v-error__text">{detail}</p> : null}
        </div>
        <div className="v-error__actions">
          {stale ? (
            <Button icon={<RotateCw />} block onClick={() => window.location.reload()}>
              Refresh the page
            </Button>
          ) : (
            <Button icon={<ChevronLeft />} block onClick={goBack}>
              Go back
            </Button>
          )}
          <Link to={HOME_PATH} className={buttonClassName({ block: true, variant: 'ghost' })}>
            <House aria-hidden="true" />
            Home
          </Link>
        </div>
      </main>
    </div>
  )
}

/** The error page as error-content.ts words it (for a status, an API error or a failed route). */
export function ErrorContentPage({ content }: { content: ErrorContent }) {
  return (
    <ErrorPage
      status={content.status}
      title={content.message}
      stale={content.stale}
      blockedLocation={content.blockedLocation}
    />
  )
}
