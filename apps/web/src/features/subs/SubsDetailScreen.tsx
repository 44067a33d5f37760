import { formatUsd, PaymentWaitTexts, SubscriptionEvent, SubsPaths } from '@velvet/contract'
import { CalendarClock, Crown, Receipt, RefreshCw } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router'
import { messageOf } from '../../lib/api/errors.ts'
import { formatPacificDate } from '../../lib/pacific-time.ts'
import { Alert } from '../../ui/Alert.tsx'
import { Avatar } from '../../ui/Avatar.tsx'
import { Button } from '../../ui/Button.tsx'
import { EmptyState } from '../../ui/EmptyState.tsx'
import { RowGroup, RowInfo, RowLink } from '../../ui/Rows.tsx'
import { ScreenBar } from '../../ui/ScreenBar.tsx'
import { ErrorState, SkeletonRows } from '../../ui/ScreenStates.tsx'
import { toast } from '../../ui/toast-store.ts'
import { RequireAccount } from '../auth/index.ts'
import { PaymentParams, usePaymentStatus, useSetupReturn, withoutParam } from '../payments/index.ts'
import { profilePath } from '../profile/index.ts'
import { StatusTag } from './MembershipRows.tsx'
import { useRenewalTarget } from './renewal-target.ts'
import { SubscribePanel } from './SubscribePanel.tsx'
import { type Offer, useOffer, useSubscriptionDetail } from './subs.queries.ts'
import { renewalLine } from './subs-format.ts'
import { SubsParams } from './subs-paths.ts'
import '../../ui/screen-kit.css'
import './subs.css'

/** /subs/subs_detail?user_id=…[&trial=…]: a creator's plan and subscribing, or the fan's membership. */
export function SubsDetailScreen() {
  return (
    <RequireAccount>
      <SubsDetail />
    </RequireAccount>
  )
}

/**
 * Back from the hosted card form (setup_session_id: the card is saved and chosen, as on the cards
 * screen) or the 3DS page (payment_id: its answer). Answers what to show and the card to choose.
 */
function useReturnFromProvider(refresh: () => void) {
  const [params] = useSearchParams()
  const { pathname, search } = useLocation()
  const navigate = useNavigate()
  const [savedCard, setSavedCard] = useState<number | null>(null)
  useSetupReturn(setSavedCard)
  const paymentId = Number(params.get(PaymentParams.payment)) || null
  const payment = usePaymentStatus(paymentId)
  const status = payment.data?.status
  const cardBefore3ds = Number(params.get(SubsParams.card)) || null
  const preferredCardId = savedCard ?? cardBefore3ds

  useEffect(() => {
    if (paymentId === null || !status || status === 'pending' || status === 'requires_action') return
    if (status === 'succeeded') {
      toast.show('You’re a member now.', 'success')
      refresh()
      void navigate(withoutParam(pathname, search, PaymentParams.payment), { replace: true })
    }
  }, [paymentId, status, refresh, navigate, pathname, search])

  // A new try (another card, after a failed 3DS) leaves the last answer behind.
  const forget = () => {
    if (paymentId !== null)
      void navigate(withoutParam(pathname, search, PaymentParams.payment), { replace: true })
  }
  return { preferredCardId, alert: paymentAlert(paymentId, payment), forget }
}

function paymentAlert(paymentId: number | null, payment: ReturnType<typeof usePaymentStatus>) {
  const status = payment.data?.status
  if (paymentId === null) return null
  if (payment.isError) return <Alert>{messageOf(payment.error)}</Alert>
  if (status === 'failed' && payment.data?.message) return <Alert>{payment.data.message}</Alert>
  if (payment.wait === 'stalled')
    return (
      <Alert tone="info">
        <p>{PaymentWaitTexts.stillOpen}</p>
        <Button size="md" variant="secondary" onClick={payment.checkAgain}>
          {PaymentWaitTexts.checkAgain}
        </Button>
      </Alert>
    )
  if (!status || status === 'pending' || status === 'requires_action')
    return <Alert tone="info">Confirming your payment with your bank…</Alert>
  return null
}

function CreatorHero({ creator }: { creator: Offer['creator'] }) {
  const name = creator.nickname ?? creator.user_name ?? 'Creator'
  return (
    <div className="v-subs-hero">
      <Avatar src={creator.portrait} name={name} size="lg" decorative />
      <div>
        <p className="v-subs-hero__name">{name}</p>
        {creator.user_name ? (
          <Link to={profilePath(creator.user_name)} className="v-subs-hero__handle">
            @{creator.user_name}
          </Link>
        ) : null}
      </div>
    </div>
  )
}

function Membership({ creatorId, offer }: { creatorId: number; offer: Offer }) {
  const sub = offer.subscription
  const detail = useSubscriptionDetail(creatorId, sub !== null)
  if (!sub) return null
  const charges = detail.data?.charges ?? []
  return (
    <>
      <RowGroup title="Your membership">
        <RowInfo
          icon={<Crown />}
          title="Status"
          end={<StatusTag status={sub.status} />}
          hint={renewalLine(sub)}
        />
        <RowInfo
          icon={<CalendarClock />}
          title="Member since"
          end={<span>{formatPacificDate(sub.since)}</span>}
        />
        <RowInfo
          icon={<Receipt />}
          title={sub.months === 1 ? 'Monthly' : `Every ${sub.months} months`}
          end={<span className="v-subs-money">{formatUsd(sub.renew_cents)}</span>}
        />
        {sub.status !== 'ended' ? (
          <RowLink
            icon={<RefreshCw />}
            to={SubsPaths.disableAutoRenew(creatorId)}
            title="Auto-renew"
            hint={sub.auto_renew ? 'On' : 'Off: ends at the end of the period'}
          />
        ) : null}
      </RowGroup>
      {charges.length > 0 ? (
        <section className="v-set-group v-subs-charges" aria-label="Charges">
          <h2 className="v-set-group__title">Charges</h2>
          <div className="v-set-card">
            <ul>
              {charges.map((charge) => (
                <li key={charge.period_start}>
                  <span>
                    {charge.trial
                      ? 'Free trial'
                      : charge.event === SubscriptionEvent.Renewal
                        ? 'Renewal'
                        : 'Subscribed'}{' '}
                    · {formatPacificDate(charge.created_at)}
                  </span>
                  <span className="v-subs-money">{formatUsd(charge.amount_cents)}</span>
                </li>
              ))}
            </ul>
          </div>
        </section>
      ) : null}
    </>
  )
}

function SubsDetail() {
  useRenewalTarget()
  const [params] = useSearchParams()
  const creatorId = Number(params.get('user_id')) || 0
  const trial = params.get('trial')
  const offer = useOffer(creatorId, trial)
  const detail = useSubscriptionDetail(creatorId, offer.data?.subscription != null)
  const refresh = () => {
    void offer.refetch()
    void detail.refetch()
  }
  const returned = useReturnFromProvider(refresh)

  let content = <SkeletonRows count={3} label="Loading the membership" />
  if (creatorId <= 0)
    content = (
      <EmptyState
        variant="card"
        icon={<Crown />}
        title="No creator chosen"
        text="Open a creator’s profile to subscribe."
      />
    )
  else if (offer.isError)
    content = (
      <ErrorState error={offer.error} onRetry={() => void offer.refetch()} retrying={offer.isFetching} />
    )
  else if (offer.data) {
    const sub = offer.data.subscription
    const showPanel = sub?.status !== 'active'
    content = (
      <>
        <CreatorHero creator={offer.data.creator} />
        <Membership creatorId={creatorId} offer={offer.data} />
        {showPanel ? (
          <section className="v-set-group" aria-label="Subscribe">
            <h2 className="v-set-group__title">{sub?.status === 'grace' ? 'Renew' : 'Subscribe'}</h2>
            <SubscribePanel
              creatorId={creatorId}
              trialCode={trial}
              preferredCardId={returned.preferredCardId}
              onSubscribed={() => {
                returned.forget()
                refresh()
              }}
            />
          </section>
        ) : null}
      </>
    )
  }
  return (
    <div className="v-screen">
      <ScreenBar title="Membership" fallback={SubsPaths.subscriptions} />
      <main className="v-set-body">
        {returned.alert}
        {content}
      </main>
    </div>
  )
}
