import { formatUsd, type Subscriber, type Subscription, SubsPaths } from '@velvet/contract'
import { ChevronRight } from 'lucide-react'
import { Link } from 'react-router'
import { Avatar } from '../../ui/Avatar.tsx'
import { profilePath } from '../profile/index.ts'
import { memberLine, renewalLine, statusLabels } from './subs-format.ts'

const nameOf = (p: { nickname: string | null; user_name: string | null }) =>
  p.nickname ?? p.user_name ?? 'Someone'

export function StatusTag({ status }: { status: Subscription['status'] }) {
  return (
    <span className="v-subs-status" data-status={status}>
      {statusLabels[status]}
    </span>
  )
}

/** A fan's membership in their list: the creator, its state and when it renews or ends. */
export function SubscriptionRow({ sub }: { sub: Subscription }) {
  const name = nameOf(sub.creator)
  return (
    <Link to={SubsPaths.detail(sub.creator.user_id)} className="v-subs-row">
      <Avatar src={sub.creator.portrait} name={name} size="md" decorative />
      <span className="v-subs-row__text">
        <span className="v-subs-row__name">{name}</span>
        <span className="v-subs-row__line">{renewalLine(sub)}</span>
      </span>
      <StatusTag status={sub.status} />
      <ChevronRight aria-hidden="true" className="v-set-row__chevron" />
    </Link>
  )
}

/** A member in the creator's list: since when, renewal, lifetime spend. */
export function SubscriberRow({ member }: { member: Subscriber }) {
  const name = nameOf(member)
  const profile = member.user_name ? profilePath(member.user_name) : null
  const body = (
    <>
      <Avatar src={member.portrait} name={name} size="md" decorative />
      <span className="v-subs-row__text">
        <span className="v-subs-row__name">{name}</span>
        <span className="v-subs-row__line">{memberLine(member)}</span>
      </span>
      <span className="v-subs-money" title="Lifetime spend">
        {formatUsd(member.lifetime_cents)}
      </span>
    </>
  )
  return profile ? (
    <Link to={profile} className="v-subs-row">
      {body}
    </Link>
  ) : (
    <div className="v-subs-row">{body}</div>
  )
}
