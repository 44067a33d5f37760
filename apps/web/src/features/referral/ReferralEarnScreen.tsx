import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import {
  formatUsd,
  type ReferralEarning,
  ReferralTexts,
  referralEarnings,
  referralLink,
} from '@velvet/contract'
import { BadgeCheck, Copy, Share2, Users } from 'lucide-react'
import { Link } from 'react-router'
import { messageOf } from '../../lib/api/errors.ts'
import { api } from '../../lib/api/index.ts'
import { Avatar } from '../../ui/Avatar.tsx'
import { Button, buttonClassName } from '../../ui/Button.tsx'
import { EmptyState } from '../../ui/EmptyState.tsx'
import { LoadMore } from '../../ui/LoadMore.tsx'
import { ScreenBar } from '../../ui/ScreenBar.tsx'
import { ErrorState, SkeletonRows } from '../../ui/ScreenStates.tsx'
import { toast } from '../../ui/toast-store.ts'
import { RequireAccount, useSession } from '../auth/index.ts'
import { ReferralPaths } from './paths.ts'
import '../../ui/screen-kit.css'
import './referral.css'

export const referralKeys = {
  all: ['referral'] as const,
  link: (userId: number) => [...referralKeys.all, 'link', userId] as const,
  earnings: (userId: number) => [...referralKeys.all, 'earnings', userId] as const,
}

/** /ref/referral_earn: my referral link, what it brought, and the creators I referred. */
export function ReferralEarnScreen() {
  return (
    <RequireAccount>
      <Earn />
    </RequireAccount>
  )
}

function useUserId() {
  const session = useSession()
  return session.kind === 'account' ? session.user.user_id : 0
}

function Referred({ item }: { item: ReferralEarning }) {
  const until = new Date(item.ends_at * 1000).toLocaleDateString('en-US', { month: 'short', year: 'numeric' })
  const name = item.user.nickname ?? item.user.user_name ?? 'Deleted account'
  return (
    <div className="v-set-row">
      <Avatar src={item.user.portrait} name={name} size="md" />
      <span className="v-set-row__text">
        <span className="v-set-row__title">{name}</span>
        <span className="v-set-row__hint">
          {!item.is_creator ? 'Not a creator yet' : item.active ? `Earning until ${until}` : `Ended ${until}`}
          {item.sales > 0 ? ` · ${item.sales} ${item.sales === 1 ? 'sale' : 'sales'}` : ''}
        </span>
      </span>
      <span className="v-set-row__end v-ref-amount">{formatUsd(item.earned_cents)}</span>
    </div>
  )
}

function EarningsList() {
  const userId = useUserId()
  const query = useInfiniteQuery({
    queryKey: referralKeys.earnings(userId),
    queryFn: ({ pageParam }) =>
      api.call(referralEarnings, { limit: 20, ...(pageParam ? { cursor: pageParam } : {}) }),
    initialPageParam: '',
    getNextPageParam: (last) => (last.has_next && last.cursor ? last.cursor : undefined),
    enabled: userId !== 0,
  })
  if (query.isPending) return <SkeletonRows count={3} label="Loading referred creators" />
  if (query.isError && !query.data)
    return <ErrorState error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
  const items = query.data?.pages.flatMap((page) => page.list) ?? []
  if (items.length === 0)
    return (
      <EmptyState
        variant="compact"
        icon={<Users />}
        title="No one yet"
        text="Creators who join through your link show up here with what you earned from them."
      />
    )
  return (
    <section className="v-set-group" aria-label="Referred creators">
      <h2 className="v-set-group__title">Referred creators</h2>
      <div className="v-set-card">
        {items.map((item) => (
          <Referred key={item.user.user_id} item={item} />
        ))}
      </div>
      <LoadMore pages={query} errorMessage={messageOf(query.error)} />
    </section>
  )
}

function Earn() {
  const userId = useUserId()
  const query = useQuery({
    queryKey: referralKeys.link(userId),
    queryFn: () => api.call(referralLink),
    enabled: userId !== 0,
  })
  let content = <SkeletonRows count={2} label="Loading your referral link" />
  if (query.isError && !query.data)
    content = (
      <ErrorState error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
    )
  else if (query.data && !query.data.can_refer)
    content = (
      <EmptyState
        variant="card"
        icon={<BadgeCheck />}
        title="Referrals are for creators"
        text={ReferralTexts.notCreator}
        action={
          <Link to="/creator_audit" className={buttonClassName({ size: 'md' })}>
            Become a creator
          </Link>
        }
      />
    )
  else if (query.data) {
    const stats = query.data
    const url = `${window.location.origin}${stats.link_path ?? ''}`
    const copy = () =>
      void navigator.clipboard?.writeText(url).then(
        () => toast.success('Link copied'),
        () => toast.error('Could not copy the link'),
      )
    const share = () => void navigator.share?.({ title: 'Join me on Velvet', url }).catch(() => undefined)
    content = (
      <div className="v-ref-earn">
        <section className="v-ref-link" aria-labelledby="ref-link-title">
          <h2 id="ref-link-title" className="v-ref-link__title">
            Your referral link
          </h2>
          <p className="v-ref-link__hint">{ReferralTexts.share}.</p>
          <output className="v-ref-link__url">{url}</output>
          <div className="v-ref-link__actions">
            <Button size="md" icon={<Copy />} onClick={copy}>
              Copy link
            </Button>
            {'share' in navigator ? (
              <Button size="md" variant="secondary" icon={<Share2 />} onClick={share}>
                Share
              </Button>
            ) : null}
          </div>
        </section>
        <dl className="v-ref-stats">
          <div>
            <dt>Referred</dt>
            <dd>{stats.referred}</dd>
          </div>
          <div>
            <dt>Earning now</dt>
            <dd>{stats.earning}</dd>
          </div>
          <div>
            <dt>Earned</dt>
            <dd>{formatUsd(stats.earned_cents)}</dd>
          </div>
        </dl>
        <EarningsList />
        <Link to={ReferralPaths.about} className="v-set-link">
          How the referral programme works
        </Link>
      </div>
    )
  }
  return (
    <div className="v-screen">
      <ScreenBar title="Referrals" fallback="/home" />
      <main className="v-set-body">{content}</main>
    </div>
  )
}
