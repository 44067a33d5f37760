import { CircleAlert, CircleCheck, Info } from 'lucide-react'
import { useLayoutEffect, useState } from 'react'
import { belowTopBars, screenBarBoxes } from './toast-placement.ts'
import { useToasts } from './toast-store.ts'
import './Toast.css'

const icons = { info: Info, success: CircleCheck, error: CircleAlert } as const

/**
 * Where toasts appear: top centre, under the screen's bar when one is pinned at the top (never over a
 * chat's header or a screen's back button), announced politely to screen readers.
 */
export function ToastViewport() {
  const toasts = useToasts()
  const [barBottom, setBarBottom] = useState<number | null>(null)
  const newest = toasts.at(-1)?.id
  // Measured before the toast is painted, each time one shows (the screen under it may have changed).
  useLayoutEffect(() => {
    if (newest !== undefined) setBarBottom(belowTopBars(screenBarBoxes(), window.innerHeight))
  }, [newest])
  return (
    <div
      className="v-toasts"
      role="status"
      aria-live="polite"
      style={barBottom === null ? undefined : { top: `calc(${barBottom}px + var(--space-1))` }}
    >
      {toasts.map((item) => {
        const Icon = icons[item.tone]
        return (
          <div key={item.id} className={`v-toast v-toast--${item.tone}`}>
            <Icon aria-hidden="true" />
            <span>{item.message}</span>
          </div>
        )
      })}
    </div>
  )
}
