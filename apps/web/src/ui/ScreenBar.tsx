import { ChevronLeft } from 'lucide-react'
import type { ReactNode } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { HOME_PATH } from '../lib/navigation.ts'
import './screen.css'

/**
 * Whether going back stays in the app. The router numbers its history entries (history.state.idx); a page
 * opened directly and then replaced in place (/publish → /publish?post_id=) has a key but nothing before it.
 */
function hasEarlierEntry(key: string): boolean {
  const idx = (window.history.state as { idx?: unknown } | null)?.idx
  return typeof idx === 'number' ? idx > 0 : key !== 'default'
}

/**
 * The sticky top bar of every screen: back (to where the visitor came from, else `fallback`), the title in
 * the middle, an optional action at the end. Tab screens pass `back={false}`. A text title also names the
 * browser tab ("Wallet · Velvet").
 */
export function ScreenBar({
  title,
  back = true,
  fallback = HOME_PATH,
  end,
  heading = true,
  onBack,
}: {
  title: ReactNode
  back?: boolean
  fallback?: string
  end?: ReactNode
  /** The title is the screen's heading (h1); a screen with its own h1 passes false. */
  heading?: boolean
  /** Replaces going back in history (a stepper going one step back, a screen told where to return). */
  onBack?: (() => void) | undefined
}) {
  const navigate = useNavigate()
  const location = useLocation()
  const goBack = () => {
    if (onBack) onBack()
    else if (hasEarlierEntry(location.key)) void navigate(-1)
    else void navigate(fallback, { replace: true })
  }
  const Title = heading ? 'h1' : 'p'
  return (
    <header className="v-bar">
      {typeof title === 'string' ? <title>{`${title} · Velvet`}</title> : null}
      {back ? (
        <button type="button" className="v-icon-button" aria-label="Go back" onClick={goBack}>
          <ChevronLeft aria-hidden="true" />
        </button>
      ) : (
        <span className="v-bar__spacer" aria-hidden="true" />
      )}
      <Title className="v-bar__title">{title}</Title>
      <div className="v-bar__end">{end ?? <span className="v-bar__spacer" aria-hidden="true" />}</div>
    </header>
  )
}
