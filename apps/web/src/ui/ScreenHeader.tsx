import { ChevronLeft } from 'lucide-react'
import type { ReactNode } from 'react'
import { useLocation, useNavigate } from 'react-router'
import './screen-kit.css'

/**
 * The sticky bar of a settings-style screen: back (within the app when there is history, else
 * `fallback`), the screen's title as its h1, and an optional action at the end.
 */
export function ScreenHeader({
  title,
  fallback = '/setting',
  end,
  onBack,
}: {
  title: string
  fallback?: string
  end?: ReactNode
  /** Replaces the default back behaviour (e.g. a stepper going one step back). */
  onBack?: () => void
}) {
  const navigate = useNavigate()
  const location = useLocation()
  const canGoBack = location.key !== 'default'
  const back = () => {
    if (onBack) onBack()
    else if (canGoBack) void navigate(-1)
    else void navigate(fallback, { replace: true })
  }
  return (
    <header className="v-set-bar">
      <title>{`${title} · Velvet`}</title>
      <button type="button" className="v-icon-button" aria-label="Go back" onClick={back}>
        <ChevronLeft aria-hidden="true" />
      </button>
      <h1 className="v-set-bar__title">{title}</h1>
      <span className="v-set-bar__end">{end}</span>
    </header>
  )
}
