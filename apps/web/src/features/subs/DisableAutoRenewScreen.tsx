import { SubsPaths } from '@velvet/contract'
import { RefreshCw } from 'lucide-react'
import { useNavigate, useSearchParams } from 'react-router'
import { messageOf } from '../../lib/api/errors.ts'
import { formatPacificDate } from '../../lib/pacific-time.ts'
import { Alert } from '../../ui/Alert.tsx'
import { Button } from '../../ui/Button.tsx'
import { EmptyState } from '../../ui/EmptyState.tsx'
import { ScreenBar } from '../../ui/ScreenBar.tsx'
import { ErrorState, SkeletonRows } from '../../ui/ScreenStates.tsx'
import { toast } from '../../ui/toast-store.ts'
import { RequireAccount } from '../auth/index.ts'
import { useSetAutoRenew, useSubscriptionDetail } from './subs.queries.ts'
import '../../ui/screen-kit.css'
import './subs.css'

/** /subs/disable-auto-renew?user_id=…: turn auto-renew off (ends at the period end) or back on. */
export function DisableAutoRenewScreen() {
  return (
    <RequireAccount>
      <DisableAutoRenew />
    </RequireAccount>
  )
}

function DisableAutoRenew() {
  const [params] = useSearchParams()
  const creatorId = Number(params.get('user_id')) || 0
  const navigate = useNavigate()
  const detail = useSubscriptionDetail(creatorId)
  const setAutoRenew = useSetAutoRenew(creatorId)

  let content = <SkeletonRows count={2} label="Loading the membership" />
  if (creatorId <= 0)
    content = <EmptyState variant="card" icon={<RefreshCw />} title="No membership chosen" />
  else if (detail.isError)
    content = (
      <ErrorState error={detail.error} onRetry={() => void detail.refetch()} retrying={detail.isFetching} />
    )
  else if (detail.data) {
    const sub = detail.data.subscription
    const name = sub.creator.nickname ?? sub.creator.user_name ?? 'this creator'
    const ends = formatPacificDate(sub.period_end)
    const change = (on: boolean) =>
      setAutoRenew.mutate(on, {
        onSuccess: () => {
          toast.show(on ? 'Auto-renew is on.' : `Auto-renew is off. Your membership ends ${ends}.`, 'success')
          void navigate(SubsPaths.detail(creatorId), { replace: true })
        },
      })
    content =
      sub.status === 'ended' ? (
        <EmptyState
          variant="card"
          icon={<RefreshCw />}
          title="This membership has ended"
          text="Subscribe again from the creator’s page."
        />
      ) : (
        <section className="v-subs-member">
          <p className="v-subs-member__title">
            {sub.auto_renew ? `Turn off auto-renew for ${name}?` : `Turn auto-renew back on for ${name}?`}
          </p>
          <p className="v-subs-member__line">
            {sub.auto_renew
              ? `You keep access until ${ends}. After that your membership ends and you stay a follower: free posts stay visible.`
              : `Your membership renews on ${ends} and your card is charged then.`}
          </p>
          {setAutoRenew.isError ? <Alert>{messageOf(setAutoRenew.error)}</Alert> : null}
          <Button
            variant={sub.auto_renew ? 'danger' : 'primary'}
            block
            loading={setAutoRenew.isPending}
            onClick={() => change(!sub.auto_renew)}
          >
            {sub.auto_renew ? 'Turn off auto-renew' : 'Turn on auto-renew'}
          </Button>
        </section>
      )
  }
  return (
    <div className="v-screen">
      <ScreenBar title="Auto-renew" fallback={SubsPaths.detail(creatorId)} />
      <main className="v-set-body">{content}</main>
    </div>
  )
}
