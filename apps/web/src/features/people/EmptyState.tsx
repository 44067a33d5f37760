import { RotateCw, WifiOff } from 'lucide-react'
import type { ReactNode } from 'react'
import { isApiError, messageOf } from '../../lib/api/errors.ts'
import { Button } from '../../ui/Button.tsx'
import './states.css'

/** The empty (or problem) state of a screen or a section: an icon, a title, a line, maybe an action. */
export function EmptyState({
  icon,
  title,
  text,
  action,
  compact = false,
}: {
  icon: ReactNode
  title: string
  text?: ReactNode
  action?: ReactNode
  compact?: boolean
}) {
  return (
    <section className={compact ? 'v-empty-state v-empty-state--compact' : 'v-empty-state'}>
      <span className="v-empty-state__icon" aria-hidden="true">
        {icon}
      </span>
      <h2 className="v-empty-state__title">{title}</h2>
      {text ? <p className="v-empty-state__text">{text}</p> : null}
      {action ? <div className="v-empty-state__action">{action}</div> : null}
    </section>
  )
}

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
