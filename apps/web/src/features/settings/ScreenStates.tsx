import { ErrorCodes } from '@velvet/contract'
import { CircleAlert, RotateCw, WifiOff } from 'lucide-react'
import type { ReactNode } from 'react'
import { isApiError, messageOf } from '../../lib/api/errors.ts'
import { Button } from '../../ui/Button.tsx'
import './ScreenStates.css'

/** Grey placeholder rows while a list loads (DESIGN §9: skeleton loading). */
export function SkeletonRows({ count = 3, label = 'Loading' }: { count?: number; label?: string }) {
  return (
    <div className="v-set-card" role="status" aria-label={label}>
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <div key={index} className="v-set-skeleton" aria-hidden="true">
          <span className="v-set-skeleton__dot" />
          <span className="v-set-skeleton__lines">
            <span className="v-set-skeleton__line" />
            <span className="v-set-skeleton__line v-set-skeleton__line--short" />
          </span>
        </div>
      ))}
    </div>
  )
}

function isOffline(error: unknown): boolean {
  return (
    isApiError(error) && (error.code === ErrorCodes.NoNetwork.code || error.code === ErrorCodes.Timeout.code)
  )
}

/** A failed load: what went wrong (offline gets its own words and icon) and a retry button. */
export function ErrorState({
  error,
  onRetry,
  retrying = false,
}: {
  error: unknown
  onRetry: () => void
  retrying?: boolean
}) {
  const offline = isOffline(error)
  return (
    <div className="v-set-state" role="alert">
      <span className="v-set-state__icon v-set-state__icon--error" aria-hidden="true">
        {offline ? <WifiOff /> : <CircleAlert />}
      </span>
      <h2 className="v-set-state__title">{offline ? 'You’re offline' : 'This didn’t load'}</h2>
      <p className="v-set-state__text">{messageOf(error)}</p>
      <Button variant="secondary" size="md" icon={<RotateCw />} loading={retrying} onClick={onRetry}>
        Try again
      </Button>
    </div>
  )
}

/** Nothing to show yet: an icon, a title, a line of text and an optional action. */
export function EmptyState({
  icon,
  title,
  children,
  action,
}: {
  icon: ReactNode
  title: string
  children?: ReactNode
  action?: ReactNode
}) {
  return (
    <div className="v-set-state">
      <span className="v-set-state__icon" aria-hidden="true">
        {icon}
      </span>
      <h2 className="v-set-state__title">{title}</h2>
      {children ? <div className="v-set-state__text">{children}</div> : null}
      {action}
    </div>
  )
}
