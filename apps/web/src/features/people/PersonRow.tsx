import type { UserCard } from '@velvet/contract'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { Avatar } from '../../ui/Avatar.tsx'
import { displayName, profilePath, VerifiedMark } from '../profile/index.ts'
import './people.css'
import '../../ui/Skeleton.css'

/** One person in a list: portrait, names and verified badge (opening their profile), and an action. */
export function PersonRow({
  person,
  action,
}: {
  person: Pick<UserCard, 'user_name' | 'nickname' | 'portrait' | 'verified'>
  action?: ReactNode
}) {
  const name = displayName(person)
  const body = (
    <>
      <Avatar src={person.portrait} name={name} size="md" decorative />
      <span className="v-person__text">
        <span className="v-person__name">
          <span className="v-person__nickname">{name}</span>
          {person.verified ? <VerifiedMark /> : null}
        </span>
        {person.user_name ? <span className="v-person__handle">@{person.user_name}</span> : null}
      </span>
    </>
  )
  return (
    <li className="v-person">
      {person.user_name ? (
        <Link to={profilePath(person.user_name)} className="v-person__main">
          {body}
        </Link>
      ) : (
        <span className="v-person__main">{body}</span>
      )}
      {action ? <span className="v-person__action">{action}</span> : null}
    </li>
  )
}

/** Rows shaped like people while the first page loads. */
export function PeopleSkeleton({ rows = 6 }: { rows?: number }) {
  return (
    <ul className="v-people" aria-hidden="true">
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholder rows
        <li key={i} className="v-person v-person--skeleton">
          <span className="v-skel v-skel--circle" />
          <span className="v-person__text">
            <span className="v-skel v-skel--line" />
            <span className="v-skel v-skel--line v-skel--thin" />
          </span>
        </li>
      ))}
    </ul>
  )
}
