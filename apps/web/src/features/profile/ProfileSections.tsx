import { BlockTexts, type PublicProfile, UserRole } from '@velvet/contract'
import { Ban, ChevronRight, ImageIcon, List, Pencil, Settings, Share2, UserPlus, Users } from 'lucide-react'
import { type ReactNode, useId } from 'react'
import { Link } from 'react-router'
import { Button, buttonClassName } from '../../ui/Button.tsx'
import { EmptyState } from '../../ui/EmptyState.tsx'
import { MessageButton } from '../chat/index.ts'
import { abbreviate } from '../notifications/index.ts'
import { SubscribeButton } from '../subs/index.ts'
import { GiftButton } from '../wallet/index.ts'
import { FollowButton } from './FollowButton.tsx'
import { ProfilePostsGrid } from './ProfilePostsGrid.tsx'
import { displayName, profilePath } from './profile-rules.ts'
import { shareProfile } from './share.ts'
import './profile-sections.css'

function ShareButton({ profile }: { profile: PublicProfile }) {
  return (
    <button
      type="button"
      className="v-icon-button v-profile-share"
      aria-label="Share profile"
      onClick={() => void shareProfile(profile)}
    >
      <Share2 aria-hidden="true" />
    </button>
  )
}

/**
 * The buttons under the counts. Own profile: Edit profile and Share. Someone else: Follow / Following,
 * for creators a Subscribe button (the subscribe sheet; "Member" for members), Message, Gift, and Share.
 */
export function ProfileActions({ profile }: { profile: PublicProfile }) {
  if (profile.is_self) {
    return (
      <div className="v-profile-actions">
        <Link
          to="/user/edit_profile"
          className={buttonClassName({ variant: 'secondary', size: 'md', block: true })}
        >
          <span className="v-button__icon" aria-hidden="true">
            <Pencil />
          </span>
          Edit profile
        </Link>
        <ShareButton profile={profile} />
      </div>
    )
  }
  const creator = profile.user_role === UserRole.Creator
  return (
    <div className="v-profile-actions-wrap">
      <div className="v-profile-actions">
        <FollowButton
          userId={profile.user_id}
          following={profile.is_following}
          name={displayName(profile)}
          returnTo={profilePath(profile.user_name)}
          block
        />
        {creator ? <SubscribeButton creatorId={profile.user_id} /> : null}
        {creator ? <MessageButton userId={profile.user_id} name={displayName(profile)} /> : null}
        {creator ? <GiftButton creator={profile} variant="icon" /> : null}
        <ShareButton profile={profile} />
      </div>
    </div>
  )
}

function OwnLink({ to, icon, label, count }: { to: string; icon: ReactNode; label: string; count?: number }) {
  return (
    <li>
      <Link to={to} className="v-own-links__link">
        <span className="v-own-links__icon" aria-hidden="true">
          {icon}
        </span>
        <span className="v-own-links__label">{label}</span>
        {count === undefined ? null : <span className="v-own-links__count">{abbreviate(count)}</span>}
        <ChevronRight className="v-own-links__chevron" aria-hidden="true" />
      </Link>
    </li>
  )
}

/** The own profile's entry points: followers, following, lists, blocked accounts and settings. */
export function OwnProfileLinks({ profile }: { profile: PublicProfile }) {
  return (
    <nav className="v-own-links" aria-label="Your people and settings">
      <ul>
        <OwnLink to="/user/followers" icon={<Users />} label="Followers" count={profile.counts.followers} />
        <OwnLink
          to="/user/following"
          icon={<UserPlus />}
          label="Following"
          count={profile.counts.following}
        />
        <OwnLink to="/user/list" icon={<List />} label="Lists" />
        <OwnLink to="/user/blocked" icon={<Ban />} label="Blocked accounts" />
        <OwnLink to="/setting" icon={<Settings />} label="Settings" />
      </ul>
    </nav>
  )
}

/**
 * The posts area: a creator's grid (with its filters), or the empty state saying plainly what will show
 * here (a viewer who is not a creator is invited to become one).
 */
export function ProfilePosts({ profile }: { profile: PublicProfile }) {
  const titleId = useId()
  const creator = profile.user_role === UserRole.Creator
  let text = `When ${displayName(profile)} posts, it will show here.`
  let action: ReactNode = null
  if (profile.is_self && creator) text = 'Posts you publish will show here.'
  if (profile.is_self && !creator) {
    text = 'Creators publish posts here. Become a creator to share yours and earn from them.'
    action = (
      <Link
        to={`/creator_audit?redirect=${encodeURIComponent(profilePath(profile.user_name))}`}
        className={buttonClassName({ variant: 'secondary', size: 'md' })}
      >
        Become a creator
      </Link>
    )
  }
  const empty = (
    <EmptyState variant="compact" icon={<ImageIcon />} title="No posts yet" text={text} action={action} />
  )
  return (
    <section className="v-profile-posts" aria-labelledby={titleId}>
      <h2 id={titleId} className="v-profile-posts__title">
        Posts
      </h2>
      {creator || profile.counts.posts > 0 ? <ProfilePostsGrid profile={profile} empty={empty} /> : empty}
    </section>
  )
}

/** What the viewer sees of someone they blocked: who it is and a way to unblock, nothing else. */
export function BlockedNotice({
  profile,
  busy,
  onUnblock,
}: {
  profile: PublicProfile
  busy: boolean
  onUnblock: () => void
}) {
  return (
    <section className="v-profile-blocked" aria-live="polite">
      <span className="v-profile-blocked__icon" aria-hidden="true">
        <Ban />
      </span>
      <h2 className="v-profile-blocked__title">You blocked @{profile.user_name}</h2>
      <p className="v-profile-blocked__text">{BlockTexts.effect} Unblock them to see their profile again.</p>
      <Button variant="secondary" size="md" loading={busy} onClick={onUnblock}>
        Unblock
      </Button>
    </section>
  )
}
