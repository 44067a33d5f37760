import type { PublicProfile } from '@velvet/contract'
import { PenLine } from 'lucide-react'
import { useId, useState } from 'react'
import { Link } from 'react-router'
import { Avatar } from '../../ui/Avatar.tsx'
import { abbreviate } from '../notifications/index.ts'
import { displayName, isLongBio, joinedLabel } from './profile-rules.ts'
import { VerifiedMark } from './VerifiedMark.tsx'
import '../../ui/Skeleton.css'
import './profile.css'

/** Cover band, portrait, name with the verified badge, @user_name and the join month. */
export function ProfileHeader({ profile }: { profile: PublicProfile }) {
  const name = displayName(profile)
  return (
    <header className="v-profile-head">
      <div className="v-profile-head__cover" aria-hidden="true" />
      <div className="v-profile-head__portrait">
        <Avatar src={profile.portrait} name={name} size="xl" decorative />
      </div>
      <div className="v-profile-head__names">
        <h1 className="v-profile-head__name">
          <span>{name}</span>
          {profile.verified ? <VerifiedMark size="md" /> : null}
        </h1>
        <p className="v-profile-head__handle">
          <span>@{profile.user_name}</span>
          <span aria-hidden="true"> · </span>
          <span>{joinedLabel(profile.joined_at)}</span>
        </p>
      </div>
    </header>
  )
}

/** The bio, folded with "Show more" when long; the owner of an empty bio is invited to write one. */
export function ProfileBio({ bio, own }: { bio: string; own: boolean }) {
  const [open, setOpen] = useState(false)
  const id = useId()
  if (!bio.trim()) {
    return own ? (
      <Link to="/user/edit_profile" className="v-profile-bio__add">
        <PenLine aria-hidden="true" />
        Add a bio so people know who you are
      </Link>
    ) : null
  }
  const long = isLongBio(bio)
  return (
    <div className="v-profile-bio">
      <p id={id} className="v-profile-bio__text" data-folded={long && !open ? '' : undefined}>
        {bio}
      </p>
      {long ? (
        <button
          type="button"
          className="v-profile-bio__toggle"
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? 'Show less' : 'Show more'}
        </button>
      ) : null}
    </div>
  )
}

/** Posts, followers and likes, abbreviated (K, M, B, T); the exact number is in the title. */
export function ProfileCounts({ profile }: { profile: PublicProfile }) {
  const items = [
    { label: profile.counts.posts === 1 ? 'Post' : 'Posts', value: profile.counts.posts },
    { label: profile.counts.followers === 1 ? 'Follower' : 'Followers', value: profile.counts.followers },
    { label: profile.counts.likes === 1 ? 'Like' : 'Likes', value: profile.counts.likes },
  ]
  return (
    <dl className="v-profile-counts">
      {items.map((item) => (
        <div key={item.label} className="v-profile-counts__item">
          <dt>{item.label}</dt>
          <dd title={item.value.toLocaleString('en-US')}>{abbreviate(item.value)}</dd>
        </div>
      ))}
    </dl>
  )
}

/** The profile's shape while it loads. */
export function ProfileSkeleton() {
  return (
    <div className="v-profile-skeleton" aria-busy="true">
      <span className="v-visually-hidden" role="status">
        Loading the profile
      </span>
      <div className="v-profile-head" aria-hidden="true">
        <div className="v-profile-head__cover" />
        <div className="v-profile-head__portrait">
          <span className="v-skel v-skel--portrait" />
        </div>
        <div className="v-profile-head__names">
          <span className="v-skel v-skel--title" />
          <span className="v-skel v-skel--line v-skel--thin" />
        </div>
      </div>
      <div className="v-profile-skeleton__rest" aria-hidden="true">
        <span className="v-skel v-skel--line" />
        <span className="v-skel v-skel--line v-skel--short" />
        <span className="v-skel v-skel--block" />
        <span className="v-skel v-skel--button" />
      </div>
    </div>
  )
}
