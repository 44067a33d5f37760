import { formatUsd, type Payout, PayoutStatus, PayoutStatusLabels } from '@velvet/contract'
import { Link } from 'react-router'
import { RowGroup } from '../../ui/Rows.tsx'
import { SkeletonRows } from '../../ui/ScreenStates.tsx'
import { MethodIcon } from './MethodIcon.tsx'
import { successPath } from './paths.ts'
import { useRecentPayouts } from './payout.queries.ts'

const tagTone: Record<number, string> = {
  [PayoutStatus.Requested]: 'v-set-tag--neutral',
  [PayoutStatus.Processing]: 'v-set-tag--accent',
  [PayoutStatus.Paid]: 'v-set-tag--success',
  [PayoutStatus.Failed]: 'v-payout-tag--failed',
}

export function PayoutStatusTag({ status }: { status: number }) {
  return <span className={`v-set-tag ${tagTone[status] ?? ''}`}>{PayoutStatusLabels[status]}</span>
}

function Row({ payout }: { payout: Payout }) {
  const date = new Date(payout.created_at * 1000).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
  })
  return (
    <Link to={successPath(payout.payout_id)} className="v-set-row v-set-row--link">
      <MethodIcon kind={payout.method.kind} />
      <span className="v-set-row__text">
        <span className="v-set-row__title">{formatUsd(payout.amount_cents)}</span>
        <span className="v-set-row__hint">
          {date} · {payout.method.title} · fee {formatUsd(payout.fee_cents)}
        </span>
      </span>
      <span className="v-set-row__end">
        <PayoutStatusTag status={payout.status} />
      </span>
    </Link>
  )
}

/** The latest withdrawals (the first page; each opens its status screen). */
export function PayoutHistory() {
  const query = useRecentPayouts()
  if (query.isPending) return <SkeletonRows count={2} label="Loading withdrawals" />
  if (!query.data || query.data.list.length === 0) return null
  return (
    <RowGroup title="Recent withdrawals">
      {query.data.list.map((payout) => (
        <Row key={payout.payout_id} payout={payout} />
      ))}
    </RowGroup>
  )
}
