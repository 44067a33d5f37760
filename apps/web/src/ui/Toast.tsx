import { CircleAlert, CircleCheck, Info } from 'lucide-react'
import { useToasts } from './toast-store.ts'
import './Toast.css'

const icons = { info: Info, success: CircleCheck, error: CircleAlert } as const

/** Where toasts appear: top centre, announced politely to screen readers. */
export function ToastViewport() {
  const toasts = useToasts()
  return (
    <div className="v-toasts" role="status" aria-live="polite">
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
