import type { ReactNode } from 'react'
import './EmptyState.css'

/** plain: a screen's own; compact: a section's, in a dashed frame; card: the settings-style screens'. */
export type EmptyStateVariant = 'plain' | 'compact' | 'card'

/** The empty (or problem) state of a screen or a section: an icon, a title, a line, maybe an action. */
export function EmptyState({
  icon,
  title,
  text,
  action,
  variant = 'plain',
  tone,
  role,
}: {
  icon: ReactNode
  title: string
  text?: ReactNode
  action?: ReactNode
  variant?: EmptyStateVariant
  /** error: the icon in the danger colour. */
  tone?: 'error'
  /** alert: announced when it appears (a failed load). */
  role?: 'alert'
}) {
  const className = variant === 'plain' ? 'v-empty-state' : `v-empty-state v-empty-state--${variant}`
  return (
    <section className={className} role={role}>
      <span
        className={
          tone === 'error' ? 'v-empty-state__icon v-empty-state__icon--error' : 'v-empty-state__icon'
        }
        aria-hidden="true"
      >
        {icon}
      </span>
      <h2 className="v-empty-state__title">{title}</h2>
      {text ? <p className="v-empty-state__text">{text}</p> : null}
      {action ? <div className="v-empty-state__action">{action}</div> : null}
    </section>
  )
}
