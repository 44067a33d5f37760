import { badgeText } from '@velvet/contract'
import './Badge.css'

/** An unread counter: nothing for 0, the number, or '99+' above the cap (spec §2). */
export function Badge({ count, className }: { count: number; className?: string }) {
  const text = badgeText(count)
  if (!text) return null
  return (
    <span className={['v-badge', className ?? ''].filter(Boolean).join(' ')} aria-hidden="true">
      {text}
    </span>
  )
}
