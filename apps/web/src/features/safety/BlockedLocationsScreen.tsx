import { type BlockedLocation, ErrorCodes, UserRole } from '@velvet/contract'
import { LogIn, MapPin, MapPinOff, Navigation, Plus, ShieldQuestion } from 'lucide-react'
import { useState } from 'react'
import { Link, useLocation } from 'react-router'
import { messageOf } from '../../lib/api/errors.ts'
import { formatPacificDate } from '../../lib/pacific-time.ts'
import { queryClient } from '../../lib/query-client.ts'
import { Button, buttonClassName } from '../../ui/Button.tsx'
import { EmptyState } from '../../ui/EmptyState.tsx'
import { RowGroup } from '../../ui/Rows.tsx'
import { ScreenBar } from '../../ui/ScreenBar.tsx'
import { ErrorState, SkeletonRows } from '../../ui/ScreenStates.tsx'
import { PageLoader } from '../../ui/Spinner.tsx'
import { toast } from '../../ui/toast-store.ts'
import { loginWithRedirect, useSession } from '../auth/index.ts'
import { InfoPath } from '../info/index.ts'
import { AddLocationSheet } from './AddLocationSheet.tsx'
import { HowItWorks } from './HowItWorks.tsx'
import { safetyKeys, useBlockedLocations, useRemoveBlockedLocation } from './safety.queries.ts'
import '../../ui/screen-kit.css'
import './safety.css'

type Data = { locations: BlockedLocation[] } & Record<string, unknown>

/** The safety centre this screen belongs to: /privacy/safety or /privacy/safety1. */
function parentCentre(pathname: string): string {
  return pathname.startsWith(InfoPath.safety1) ? InfoPath.safety1 : InfoPath.safety
}

/**
 * /privacy/safety/blocked_location and /privacy/safety1/blocked_location: the countries and US states the
 * account's profile is hidden from. Guests get the explanation and a way to log in.
 */
export function BlockedLocationsScreen() {
  const session = useSession()
  const { pathname, search } = useLocation()
  const centre = parentCentre(pathname)
  let content = <PageLoader />
  if (session.kind === 'account')
    content = <BlockedLocations creator={session.user.user_role === UserRole.Creator} />
  if (session.kind === 'anonymous') {
    content = (
      <main className="v-set-body">
        <EmptyState
          variant="card"
          icon={<MapPinOff />}
          title="Hide your profile from chosen places"
          text="Creators can block whole countries and US states: visitors from there cannot see their profile, posts or media."
          action={
            <Link to={loginWithRedirect(`${pathname}${search}`)} className={buttonClassName({ size: 'md' })}>
              <LogIn aria-hidden="true" />
              Log in to manage
            </Link>
          }
        />
        <HowItWorks />
      </main>
    )
  }
  return (
    <div className="v-screen">
      <ScreenBar title="Blocked locations" fallback={centre} />
      {content}
    </div>
  )
}

function BlockedLocations({ creator }: { creator: boolean }) {
  const session = useSession()
  const userId = session.kind === 'account' ? session.user.user_id : 0
  const query = useBlockedLocations()
  const [adding, setAdding] = useState(false)
  const [removing, setRemoving] = useState<number | null>(null)
  const unblock = useRemoveBlockedLocation()
  const { pathname } = useLocation()

  const setLocations = (change: (locations: BlockedLocation[]) => BlockedLocation[]) =>
    queryClient.setQueryData<Data>(safetyKeys.blockedLocations(userId), (old) =>
      old ? { ...old, locations: change(old.locations) } : old,
    )

  const remove = async (location: BlockedLocation) => {
    setRemoving(location.id)
    try {
      await unblock.mutateAsync(location.id)
      setLocations((list) => list.filter((l) => l.id !== location.id))
      toast.success(`${location.label} is no longer blocked.`)
    } catch (error) {
      toast.error(messageOf(error))
    } finally {
      setRemoving(null)
    }
  }

  let list = <SkeletonRows count={2} label="Loading your blocked locations" />
  if (query.isError) {
    list = <ErrorState error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
  } else if (query.data && query.data.locations.length === 0) {
    list = (
      <div className="v-set-card">
        <EmptyState
          variant="card"
          icon={<MapPin />}
          title="No blocked locations"
          text="Everyone can see your profile, wherever they are."
        />
      </div>
    )
  } else if (query.data) {
    list = (
      <RowGroup title={`Blocked (${query.data.locations.length})`}>
        {query.data.locations.map((location) => (
          <div key={location.id} className="v-set-row">
            <span className="v-set-row__icon" aria-hidden="true">
              <MapPinOff />
            </span>
            <span className="v-set-row__text">
              <span className="v-set-row__title">{location.label}</span>
              <span className="v-set-row__hint">Blocked {formatPacificDate(location.created_at)}</span>
            </span>
            <Button
              variant="ghost"
              size="md"
              loading={removing === location.id}
              aria-label={`Unblock ${location.label}`}
              onClick={() => void remove(location)}
            >
              Unblock
            </Button>
          </div>
        ))}
      </RowGroup>
    )
  }

  const current = query.data?.current ?? null
  return (
    <main className="v-set-body">
      <p className="v-set-intro">
        Visitors from these places see “{ErrorCodes.BlockedLocation.message}” instead of your profile, posts
        and media. You always see your own profile, wherever you are.
      </p>
      {creator ? null : (
        <p className="v-set-note">
          <ShieldQuestion aria-hidden="true" />
          <span>
            Blocked locations are there to protect creators, for example to stay unseen near home. You can set
            them already: they apply to your profile now and to everything you publish once you{' '}
            <Link to={`/creator_audit?redirect=${encodeURIComponent(pathname)}`}>become a creator</Link>.
          </span>
        </p>
      )}
      {current ? (
        <p className="v-loc-current">
          <Navigation aria-hidden="true" />
          <span>
            You’re browsing from <strong>{current.label}</strong>.
          </span>
        </p>
      ) : null}
      {list}
      <Button icon={<Plus />} block disabled={!query.data} onClick={() => setAdding(true)}>
        Add location
      </Button>
      <HowItWorks />
      <AddLocationSheet
        open={adding}
        onClose={() => setAdding(false)}
        blocked={query.data?.locations ?? []}
        current={current}
        onAdded={(location) => {
          setLocations((locations) => [location, ...locations.filter((l) => l.id !== location.id)])
          toast.success(`${location.label} is blocked.`)
          setAdding(false)
        }}
      />
    </main>
  )
}
