import { RotateCw, WifiOff } from 'lucide-react'
import { isApiError, messageOf } from '../../lib/api/errors.ts'
import { Button } from '../../ui/Button.tsx'
import { EmptyState } from '../../ui/EmptyState.tsx'

/** A failed load with the reason and a retry (no network and timeouts say so, spec §8). */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const offline = isApiError(error) && error.status === 0
  return (
    <EmptyState
      icon={<WifiOff />}
      title={offline ? "You're offline" : "Couldn't load this"}
      text={messageOf(error)}
      action={
        <Button variant="secondary" size="md" icon={<RotateCw />} onClick={onRetry}>
          Try again
        </Button>
      }
    />
  )
}
