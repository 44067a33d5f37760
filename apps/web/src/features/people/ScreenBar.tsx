import { ChevronLeft } from 'lucide-react'
import type { ReactNode } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { HOME_PATH } from '../auth/redirect.ts'
import './people.css'

/**
 * The top bar of a people or profile screen: back (to where the visitor came from, else `fallback`), the
 * title in the middle, an optional action at the end. Tab screens pass `back={false}`.
 */
export function ScreenBar({
  title,
  back = true,
  fallback = HOME_PATH,
  end,
  heading = true,
}: {
  title: ReactNode
  back?: boolean
  fallback?: string
  end?: ReactNode
  /** The title is the screen's heading (h1); a screen with its own h1 passes false. */
  heading?: boolean
}) {
  const navigate = useNavigate()
  const location = useLocation()
  const goBack = () => {
    if (location.key !== 'default') void navigate(-1)
    else void navigate(fallback, { replace: true })
  }
  const Title = heading ? 'h1' : 'p'
  return (
    <header className="v-bar">
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
