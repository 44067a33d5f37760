import { SubsPaths } from '@velvet/contract'
import { Crown } from 'lucide-react'
import { Link, useSearchParams } from 'react-router'
import { messageOf } from '../../lib/api/errors.ts'
import { buttonClassName } from '../../ui/Button.tsx'
import { EmptyState } from '../../ui/EmptyState.tsx'
import { LoadMore } from '../../ui/LoadMore.tsx'
import { ScreenBar } from '../../ui/ScreenBar.tsx'
import { ErrorState, SkeletonRows } from '../../ui/ScreenStates.tsx'
import { RequireAccount } from '../auth/index.ts'
import { SubscriptionRow } from './MembershipRows.tsx'
import { useRenewalTarget } from './renewal-target.ts'
import { type ListStatus, useMySubscriptions } from './subs.queries.ts'
import '../../ui/screen-kit.css'
import './subs.css'

/** Current (active and in grace) or ended: the tabs of both membership lists. */
export function StatusTabs({ path, status }: { path: string; status: ListStatus }) {
  return (
    <nav className="v-subs-tabs" aria-label="Show">
      <Link to={path} aria-current={status === 'current' ? 'page' : undefined} replace>
        Current
      </Link>
      <Link to={`${path}?status=ended`} aria-current={status === 'ended' ? 'page' : undefined} replace>
        Ended
      </Link>
    </nav>
  )
}

export function useListStatus(): ListStatus {
  const [params] = useSearchParams()
  return params.get('status') === 'ended' ? 'ended' : 'current'
}

/** /subs/subscriptions: the fan's memberships, newest first. */
export function SubscriptionsScreen() {
  return (
    <RequireAccount>
      <Subscriptions />
    </RequireAccount>
  )
}

function Subscriptions() {
  useRenewalTarget()
  const status = useListStatus()
  const query = useMySubscriptions(status)
  const items = query.data?.pages.flatMap((page) => page.list) ?? []
  let content = <SkeletonRows count={4} label="Loading your subscriptions" />
  if (query.isError && !query.data)
    content = (
      <ErrorState error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
    )
  else if (query.data && items.length === 0)
    content = (
      <EmptyState
        variant="card"
        icon={<Crown />}
        title={status === 'ended' ? 'No ended memberships' : 'No memberships yet'}
        text={
          status === 'ended'
            ? 'Memberships you had show here once they end.'
            : 'Subscribe to a creator to see their members-only posts.'
        }
        action={
          status === 'current' ? (
            <Link to="/" className={buttonClassName({ variant: 'secondary', size: 'md' })}>
              Discover creators
            </Link>
          ) : undefined
        }
      />
    )
  else if (query.data)
    content = (
      <>
        <ul className="v-set-card v-subs-list" aria-label="Memberships">
          {items.map((sub) => (
            <li key={sub.creator.user_id}>
              <SubscriptionRow sub={sub} />
            </li>
          ))}
        </ul>
        <LoadMore pages={query} errorMessage={messageOf(query.error)} />
      </>
    )
  return (
    <div className="v-screen">
      <ScreenBar title="Subscriptions" fallback="/" />
      <main className="v-set-body">
        <StatusTabs path={SubsPaths.subscriptions} status={status} />
        {content}
      </main>
    </div>
  )
}
