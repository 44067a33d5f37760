import { formatUsd, type Payout, PayoutRules, PayoutStatus } from '@velvet/contract'
import { CircleCheck, CircleX, Clock, Loader } from 'lucide-react'
import { Link, useSearchParams } from 'react-router'
import { buttonClassName } from '../../ui/Button.tsx'
import { ScreenBar } from '../../ui/ScreenBar.tsx'
import { ErrorState, SkeletonRows } from '../../ui/ScreenStates.tsx'
import { RequireAccount } from '../auth/index.ts'
import { PayoutStatusTag } from './PayoutHistory.tsx'
import { PayoutParams, PayoutPaths } from './paths.ts'
import { usePayout } from './payout.queries.ts'
import '../../ui/screen-kit.css'
import './payout.css'

/** /pay/payout/success?payout_id=: the withdrawal just asked for, followed live: requested → processing → paid. */
export function PayoutSuccessScreen() {
  return (
    <RequireAccount>
      <Success />
    </RequireAccount>
  )
}

const timeOf = (seconds: number | null) =>
  seconds
    ? new Date(seconds * 1000).toLocaleString('en-US', {
        month: 'short',
        day: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
      })
    : null

function Steps({ payout }: { payout: Payout }) {
  const failed = payout.status === PayoutStatus.Failed
  const steps = [
    { label: 'Requested', at: payout.created_at, done: true },
    {
      label: 'Processing',
      hint: `${PayoutRules.processingBusinessDays} business days`,
      at: payout.processing_at,
      done: payout.processing_at !== null,
      current: payout.status === PayoutStatus.Processing || payout.status === PayoutStatus.Requested,
    },
    failed
      ? {
          label: 'Failed',
          hint: payout.failure_reason ?? undefined,
          at: payout.failed_at,
          done: true,
          failed: true,
        }
      : {
          label: 'Paid',
          hint: `arrives in ${PayoutRules.arrivalBusinessDays} business days`,
          at: payout.paid_at,
          done: payout.status === PayoutStatus.Paid,
        },
  ]
  return (
    <ol className="v-payout-steps" aria-label="Withdrawal progress">
      {steps.map((step) => (
        <li
          key={step.label}
          className="v-payout-steps__step"
          data-done={step.done || undefined}
          data-failed={('failed' in step && step.failed) || undefined}
          aria-current={'current' in step && step.current && !step.done ? 'step' : undefined}
        >
          <span className="v-payout-steps__dot" aria-hidden="true" />
          <span className="v-payout-steps__text">
            <span className="v-payout-steps__label">{step.label}</span>
            {step.hint ? <span className="v-payout-steps__hint">{step.hint}</span> : null}
          </span>
          <span className="v-payout-steps__time">{timeOf(step.at)}</span>
        </li>
      ))}
    </ol>
  )
}

function Headline({ payout }: { payout: Payout }) {
  if (payout.status === PayoutStatus.Paid)
    return (
      <>
        <CircleCheck className="v-payout-hero__icon v-payout-hero__icon--ok" aria-hidden="true" />
        <h2 className="v-payout-hero__title">Sent: {formatUsd(payout.net_cents)}</h2>
        <p className="v-payout-hero__text">
          It arrives in {PayoutRules.arrivalBusinessDays} business days at {payout.method.detail}.
        </p>
      </>
    )
  if (payout.status === PayoutStatus.Failed)
    return (
      <>
        <CircleX className="v-payout-hero__icon v-payout-hero__icon--failed" aria-hidden="true" />
        <h2 className="v-payout-hero__title">This withdrawal failed</h2>
        <p className="v-payout-hero__text">
          {formatUsd(payout.amount_cents)} is back in your balance. Payouts are paused for one week; please
          check your payout method.
        </p>
      </>
    )
  const Icon = payout.status === PayoutStatus.Processing ? Loader : Clock
  return (
    <>
      <Icon className="v-payout-hero__icon" aria-hidden="true" />
      <h2 className="v-payout-hero__title">Withdrawal requested</h2>
      <p className="v-payout-hero__text">
        {formatUsd(payout.net_cents)} to {payout.method.detail}. Processing takes{' '}
        {PayoutRules.processingBusinessDays} business days.
      </p>
    </>
  )
}

function Success() {
  const [params] = useSearchParams()
  const id = Number(params.get(PayoutParams.payout))
  const query = usePayout(Number.isSafeInteger(id) && id > 0 ? id : null)
  let content = <SkeletonRows count={3} label="Loading the withdrawal" />
  if (!(id > 0))
    content = (
      <p className="v-set-intro">
        <Link to={PayoutPaths.home} className="v-set-link">
          Back to withdrawals
        </Link>
      </p>
    )
  else if (query.isError && !query.data)
    content = (
      <ErrorState error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
    )
  else if (query.data) {
    const payout = query.data
    content = (
      <div className="v-payout">
        <section className="v-payout-hero" aria-live="polite">
          <Headline payout={payout} />
          <PayoutStatusTag status={payout.status} />
        </section>
        <dl className="v-payout-preview">
          <div>
            <dt>Amount</dt>
            <dd>{formatUsd(payout.amount_cents)}</dd>
          </div>
          <div>
            <dt>Fee ({payout.method.title})</dt>
            <dd>{formatUsd(payout.fee_cents)}</dd>
          </div>
          <div className="v-payout-preview__total">
            <dt>You receive</dt>
            <dd>{formatUsd(payout.net_cents)}</dd>
          </div>
        </dl>
        <Steps payout={payout} />
        <Link to={PayoutPaths.home} className={buttonClassName({ variant: 'secondary', block: true })}>
          Done
        </Link>
      </div>
    )
  }
  return (
    <div className="v-screen">
      <ScreenBar title="Withdrawal" fallback={PayoutPaths.home} />
      <main className="v-set-body">{content}</main>
    </div>
  )
}
