import { SubsPaths, UserRole } from '@velvet/contract'
import { Settings2, Users } from 'lucide-react'
import { Link } from 'react-router'
import { messageOf } from '../../lib/api/errors.ts'
import { buttonClassName } from '../../ui/Button.tsx'
import { EmptyState } from '../../ui/EmptyState.tsx'
import { LoadMore } from '../../ui/LoadMore.tsx'
import { ScreenBar } from '../../ui/ScreenBar.tsx'
import { ErrorState, SkeletonRows } from '../../ui/ScreenStates.tsx'
import { RequireAccount, useSession } from '../auth/index.ts'
import { CreatorsOnly } from '../creator/index.ts'
import { abbreviate } from '../notifications/index.ts'
import { SubscriberRow } from './MembershipRows.tsx'
import { StatusTabs, useListStatus } from './SubscriptionsScreen.tsx'
import { useSubscribers } from './subs.queries.ts'
import { SubsSettingsPath } from './subs-paths.ts'
import '../../ui/screen-kit.css'
import './subs.css'

/** /subs/subscribers: the creator's members (current or ended) with lifetime spend, and the settings link. */
export function SubscribersScreen() {
  return (
    <RequireAccount>
      <CreatorsSubscribers />
    </RequireAccount>
  )
}

/** A fan has no members: the screen says it is a creator's and how to become one. */
function CreatorsSubscribers() {
  const session = useSession()
  if (session.kind === 'account' && session.user.user_role === UserRole.Creator) return <Subscribers />
  return (
    <div className="v-screen">
      <ScreenBar title="Subscribers" fallback="/" />
      <main className="v-set-body">
        <CreatorsOnly
          title="Members are for creators"
          text="Become a verified creator to offer memberships; your members and what they spent show here."
        />
      </main>
    </div>
  )
}

function Subscribers() {
  const status = useListStatus()
  const query = useSubscribers(status)
  const first = query.data?.pages[0]
  const items = query.data?.pages.flatMap((page) => page.list) ?? []
  let content = <SkeletonRows count={4} label="Loading your members" />
  if (query.isError && !query.data)
    content = (
      <ErrorState error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
    )
  else if (query.data && items.length === 0)
    content = (
      <EmptyState
        variant="card"
        icon={<Users />}
        title={status === 'ended' ? 'No former members' : 'No members yet'}
        text={
          status === 'ended'
            ? 'Members whose membership ended show here.'
            : 'Set your monthly price, bundles and free-trial links to welcome your first members.'
        }
        action={
          status === 'current' ? (
            <Link to={SubsSettingsPath} className={buttonClassName({ variant: 'secondary', size: 'md' })}>
              Membership settings
            </Link>
          ) : undefined
        }
      />
    )
  else if (query.data)
    content = (
      <>
        <ul className="v-set-card v-subs-list" aria-label="Members">
          {items.map((member) => (
            <li key={member.user_id}>
              <SubscriberRow member={member} />
            </li>
          ))}
        </ul>
        <LoadMore pages={query} errorMessage={messageOf(query.error)} />
      </>
    )
  return (
    <div className="v-screen">
      <ScreenBar
        title="Subscribers"
        fallback="/"
        end={
          <Link to={SubsSettingsPath} className="v-icon-button" aria-label="Membership settings">
            <Settings2 aria-hidden="true" />
          </Link>
        }
      />
      <main className="v-set-body">
        {first ? (
          <div className="v-subs-stats">
            <p className="v-subs-stat">
              <span className="v-subs-stat__value">{abbreviate(first.active)}</span>
              <span className="v-subs-stat__label">Active members</span>
            </p>
            <p className="v-subs-stat">
              <span className="v-subs-stat__value">{abbreviate(first.in_grace)}</span>
              <span className="v-subs-stat__label">Renewal failed</span>
            </p>
          </div>
        ) : null}
        <StatusTabs path={SubsPaths.subscribers} status={status} />
        {content}
      </main>
    </div>
  )
}
