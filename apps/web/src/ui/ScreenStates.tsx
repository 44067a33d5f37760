import { CoreErrorCodes } from '@velvet/contract'
import { CircleAlert, RotateCw, WifiOff } from 'lucide-react'
import { isApiError, messageOf } from '../lib/api/errors.ts'
import { Button } from './Button.tsx'
import { EmptyState } from './EmptyState.tsx'
import './Skeleton.css'
import './ScreenStates.css'
import './screen-kit.css'

/** Grey placeholder rows while a list loads (DESIGN §9: skeleton loading). */
export function SkeletonRows({ count = 3, label = 'Loading' }: { count?: number; label?: string }) {
  return (
    <div className="v-set-card" role="status" aria-label={label}>
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <div key={index} className="v-set-skeleton" aria-hidden="true">
          <span className="v-skel v-set-skeleton__dot" />
          <span className="v-set-skeleton__lines">
            <span className="v-skel v-set-skeleton__line" />
            <span className="v-skel v-set-skeleton__line v-set-skeleton__line--short" />
          </span>
        </div>
      ))}
    </div>
  )
}

function isOffline(error: unknown): boolean {
  return (
    isApiError(error) &&
    (error.code === CoreErrorCodes.NoNetwork.code || error.code === CoreErrorCodes.Timeout.code)
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
    <EmptyState
      variant="card"
      tone="error"
      role="alert"
      icon={offline ? <WifiOff /> : <CircleAlert />}
      title={offline ? 'You’re offline' : 'This didn’t load'}
      text={messageOf(error)}
      action={
        <Button variant="secondary" size="md" icon={<RotateCw />} loading={retrying} onClick={onRetry}>
          Try again
        </Button>
      }
    />
  )
}
