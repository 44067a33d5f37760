import { useQueryClient } from '@tanstack/react-query'
import { UserRole } from '@velvet/contract'
import { MoreHorizontal, Settings } from 'lucide-react'
import { useCallback, useEffect, useState } from 'react'
import { Link, useLocation, useNavigate } from 'react-router'
import { ScreenBar } from '../../ui/ScreenBar.tsx'
import { loginWithRedirect, useSession } from '../auth/index.ts'
import { ErrorContentPage, errorContentOf, isPageError, LoadError } from '../errors/index.ts'
import { ReportSheet } from '../report/index.ts'
import { AppLayout, isTabScreen } from '../shell/index.ts'
import { AdultPopup, sessionUserId } from '../system/index.ts'
import { useBlockToggle } from './block.ts'
import { ProfileBio, ProfileCounts, ProfileHeader, ProfileSkeleton } from './ProfileHeader.tsx'
import { ProfileMenu } from './ProfileMenu.tsx'
import { BlockedNotice, OwnProfileLinks, ProfileActions, ProfilePosts } from './ProfileSections.tsx'
import { profileKeys, useProfile } from './profile.queries.ts'
import { canonicalTarget, profilePath } from './profile-rules.ts'
import './profile.css'

/**
 * /@{user_name}: someone's profile, or the own one (a tab screen with the edit entry points). An old user
 * name answers with the canonical one and the address is replaced; a creator's profile asks the adult popup
 * first (when the server says so).
 */
export function ProfileScreen({ userName }: { userName: string }) {
  const query = useProfile(userName)
  const session = useSession()
  const viewerId = sessionUserId(session)
  const client = useQueryClient()
  const navigate = useNavigate()
  const { pathname, search, hash } = useLocation()
  const [menuOpen, setMenuOpen] = useState(false)
  const [reporting, setReporting] = useState(false)
  // Stable close handlers: a sheet's focus trap restarts when its handler changes.
  const closeMenu = useCallback(() => setMenuOpen(false), [])
  const closeReport = useCallback(() => setReporting(false), [])
  const block = useBlockToggle()
  const data = query.data
  const profile = data?.profile

  useEffect(() => {
    if (!data || viewerId === null) return
    const target = canonicalTarget(userName, data)
    if (!target) return
    client.setQueryData(profileKeys.byName(viewerId, data.profile.user_name), {
      ...data,
      canonical_user_name: null,
    })
    void navigate(`${target}${search}${hash}`, { replace: true })
  }, [data, userName, viewerId, client, navigate, search, hash])

  if (query.error && isPageError(query.error))
    return <ErrorContentPage content={errorContentOf(query.error)} />

  const account = session.kind === 'account' ? session.user : null
  const own = profile?.is_self ?? account?.user_name?.toLowerCase() === userName.toLowerCase()
  const handle = `@${profile?.user_name ?? userName}`

  /** Reporting and blocking need an account: a guest signs in and comes back here. */
  const withAccount = (action: () => void) => () => {
    if (!account) void navigate(loginWithRedirect(profilePath(profile?.user_name ?? userName)))
    else action()
  }
  const toggleBlock = withAccount(() => {
    if (profile) void block.run({ userId: profile.user_id, name: handle }, !profile.is_blocked_by_me)
  })

  let end = null
  if (own) {
    end = (
      <Link to="/setting" className="v-icon-button" aria-label="Settings">
        <Settings aria-hidden="true" />
      </Link>
    )
  } else if (profile) {
    end = (
      <button
        type="button"
        className="v-icon-button"
        aria-label="More options"
        onClick={() => setMenuOpen(true)}
      >
        <MoreHorizontal aria-hidden="true" />
      </button>
    )
  }

  let body = <ProfileSkeleton />
  if (profile) {
    body = (
      <>
        <ProfileHeader profile={profile} />
        {profile.is_blocked_by_me ? (
          <BlockedNotice profile={profile} busy={block.pending} onUnblock={toggleBlock} />
        ) : (
          <div className="v-profile__sections">
            <ProfileBio bio={profile.bio} own={profile.is_self} />
            <ProfileCounts profile={profile} />
            <ProfileActions profile={profile} />
            {profile.is_self ? <OwnProfileLinks profile={profile} /> : null}
            <ProfilePosts profile={profile} />
          </div>
        )}
      </>
    )
  } else if (query.isError) {
    body = <LoadError error={query.error} onRetry={() => void query.refetch()} />
  }

  const creatorId =
    profile && profile.user_role === UserRole.Creator && !profile.is_self ? profile.user_id : null
  return (
    <AppLayout>
      <div className="v-profile">
        <ScreenBar
          title={handle}
          heading={false}
          back={!isTabScreen(pathname, account?.user_name)}
          end={end}
        />
        {body}
      </div>
      {profile && !profile.is_self ? (
        <>
          <ProfileMenu
            profile={profile}
            open={menuOpen}
            onClose={closeMenu}
            onReport={withAccount(() => setReporting(true))}
            onBlockToggle={toggleBlock}
          />
          <ReportSheet
            open={reporting}
            onClose={closeReport}
            target={{ userId: profile.user_id, name: handle }}
            onBlock={profile.is_blocked_by_me ? undefined : toggleBlock}
          />
        </>
      ) : null}
      <AdultPopup targetUserId={creatorId} />
    </AppLayout>
  )
}
