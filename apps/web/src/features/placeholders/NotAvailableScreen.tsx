import { ShellTexts } from '@velvet/contract'
import { Construction, House } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link, useLocation, useMatches } from 'react-router'
import { buttonClassName } from '../../ui/Button.tsx'
import { ScreenBar } from '../../ui/ScreenBar.tsx'
import { HOME_PATH, useSession } from '../auth/index.ts'
import { isTabScreen } from '../shell/index.ts'
import { featureOf } from './feature-handle.ts'
import './placeholders.css'

/**
 * The one honest screen for a route whose feature comes with a later issue: it names the feature, says it
 * is not in this build yet and offers a way on. No made-up content.
 */
export function NotAvailableScreen({ icon }: { icon?: ReactNode }) {
  const matches = useMatches()
  const location = useLocation()
  const session = useSession()
  const feature = featureOf(matches.at(-1)?.handle)
  const userName = session.kind === 'account' ? session.user.user_name : null
  const tab = isTabScreen(location.pathname, userName)

  return (
    <div className="v-screen">
      <ScreenBar title={feature.name} back={!tab} heading={false} />
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
