import { ShellTexts } from '@velvet/contract'
import { ChevronLeft, Construction, House } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link, useLocation, useMatches, useNavigate } from 'react-router'
import { buttonClassName } from '../../ui/Button.tsx'
import { HOME_PATH, useSession } from '../auth/index.ts'
import { isTabScreen } from '../shell/index.ts'
import { featureOf } from './feature-handle.ts'
import '../../ui/screen-kit.css'
import './placeholders.css'

/**
 * The one honest screen for a route whose feature comes with a later issue: it names the feature, says it
 * is not in this build yet and offers a way on. No made-up content.
 */
export function NotAvailableScreen({ icon }: { icon?: ReactNode }) {
  const matches = useMatches()
  const navigate = useNavigate()
  const location = useLocation()
  const session = useSession()
  const feature = featureOf(matches.at(-1)?.handle)
  const userName = session.kind === 'account' ? session.user.user_name : null
  const tab = isTabScreen(location.pathname, userName)
  const canGoBack = location.key !== 'default'

  return (
    <div className="v-set-screen">
      <header className="v-set-bar">
        {tab ? (
          <span aria-hidden="true" />
        ) : (
          <button
            type="button"
            className="v-icon-button"
            aria-label="Go back"
            onClick={() => void (canGoBack ? navigate(-1) : navigate(HOME_PATH, { replace: true }))}
          >
            <ChevronLeft aria-hidden="true" />
          </button>
        )}
        <p className="v-set-bar__title">{feature.name}</p>
        <span className="v-set-bar__end" aria-hidden="true" />
      </header>
      <main className="v-soon__main">
        <span className="v-soon__icon" aria-hidden="true">
          {icon ?? <Construction />}
        </span>
        <h1 className="v-soon__title">{ShellTexts.notAvailable(feature.name, feature.plural)}</h1>
        <p className="v-soon__text">
          This part of Velvet is still being built. It will appear here as soon as it is ready; everything
          else keeps working in the meantime.
        </p>
        {location.pathname === HOME_PATH ? null : (
          <Link to={HOME_PATH} className={buttonClassName({ variant: 'secondary', size: 'md' })}>
            <House aria-hidden="true" />
            Go to home
          </Link>
        )}
      </main>
    </div>
  )
}
