import { useQueryClient } from '@tanstack/react-query'
import {
  formatUsd,
  PayoutFeeLabels,
  type PayoutMethod,
  type PayoutMethodKind,
  type PayoutOverview,
  PayoutScreenTexts,
} from '@velvet/contract'
import {
  ArrowUpRight,
  BadgeCheck,
  ChevronRight,
  CircleAlert,
  FileCheck,
  FileText,
  Landmark,
  PauseCircle,
} from 'lucide-react'
import { type FormEvent, useMemo, useRef, useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { newIdempotencyKey } from '../../lib/api/client.ts'
import { messageOf } from '../../lib/api/errors.ts'
import { Alert } from '../../ui/Alert.tsx'
import { Button, buttonClassName } from '../../ui/Button.tsx'
import { EmptyState } from '../../ui/EmptyState.tsx'
import { ScreenBar } from '../../ui/ScreenBar.tsx'
import { ErrorState } from '../../ui/ScreenStates.tsx'
import { TextField } from '../../ui/TextField.tsx'
import { RequireAccount } from '../auth/index.ts'
import { MethodIcon } from './MethodIcon.tsx'
import { PayoutBalance } from './PayoutBalance.tsx'
import { PayoutHistory } from './PayoutHistory.tsx'
import { PayoutParams, PayoutPaths, successPath } from './paths.ts'
import {
  payoutKeys,
  usePayoutMethods,
  usePayoutOverview,
  usePayoutTax,
  useRequestPayout,
} from './payout.queries.ts'
import {
  AmountMessages,
  amountProblem,
  centsToField,
  chosenMethod,
  parseUsdToCents,
  previewOf,
} from './payout-rules.ts'
import '../../ui/screen-kit.css'
import '../../ui/Skeleton.css'
import './payout.css'

/** /pay/payout: the balance, a withdrawal form with its fee and what arrives, and recent withdrawals. */
export function PayoutScreen() {
  return (
    <RequireAccount>
      <Payout />
    </RequireAccount>
  )
}

function PayoutSkeleton() {
  return (
    <div className="v-payout" role="status" aria-label="Loading your balance">
      <span className="v-skel v-payout__skel v-payout__skel--balance" />
      <span className="v-skel v-payout__skel" />
    </div>
  )
}

const dateOf = (seconds: number) =>
  new Date(seconds * 1000).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' })

function Blockers({ overview }: { overview: PayoutOverview }) {
  const back = `?${PayoutParams.back}=${encodeURIComponent(PayoutPaths.home)}`
  return (
    <>
      {overview.suspended_until ? (
        <p className="v-set-note v-set-note--warning" role="status">
          <PauseCircle aria-hidden="true" />
          <span>
            A withdrawal failed, so payouts are paused until {dateOf(overview.suspended_until)}. The money is
            back in your balance.
          </span>
        </p>
      ) : null}
      {!overview.has_tax ? (
        <Link to={`${PayoutPaths.tax}${back}`} className="v-set-row v-set-row--link v-payout-step">
          <span className="v-set-row__icon" aria-hidden="true">
            <FileText />
          </span>
          <span className="v-set-row__text">
            <span className="v-set-row__title">Add your tax information</span>
            <span className="v-set-row__hint">A W-9 or W-8BEN is needed before your first payout.</span>
          </span>
        </Link>
      ) : (
        <TaxOnFile overview={overview} back={back} />
      )}
    </>
  )
}

/** The tax form on file (W-9 or W-8BEN), who signed it and when; it opens the tax screen to update it. */
function TaxOnFile({ overview, back }: { overview: PayoutOverview; back: string }) {
  const tax = usePayoutTax().data?.tax ?? null
  const form = tax?.form ?? (overview.is_us ? 'w9' : 'w8ben')
  const signed = tax ? dateOf(tax.signed_at ?? tax.updated_at) : null
  return (
    <Link to={`${PayoutPaths.tax}${back}`} className="v-set-row v-set-row--link v-payout-tax">
      <span className="v-set-row__icon v-payout-tax__icon" aria-hidden="true">
        <FileCheck />
      </span>
      <span className="v-set-row__text">
        <span className="v-set-row__title">{PayoutScreenTexts.taxOnFile(form)}</span>
        {tax && signed ? (
          <span className="v-set-row__hint">
            {PayoutScreenTexts.taxOnFileHint(tax.signature_name ?? tax.legal_name, tax.tin_last4, signed)}
          </span>
        ) : null}
      </span>
      <ChevronRight className="v-set-row__chevron" aria-hidden="true" />
    </Link>
  )
}

function MethodPicker({
  methods,
  selected,
  onSelect,
  isUs,
}: {
  methods: PayoutMethod[]
  selected: number | null
  onSelect: (id: number) => void
  isUs: boolean
}) {
  if (methods.length === 0)
    return (
      <Link to={PayoutPaths.methods} className="v-set-row v-set-row--link v-payout-step">
        <span className="v-set-row__icon" aria-hidden="true">
          <Landmark />
        </span>
        <span className="v-set-row__text">
          <span className="v-set-row__title">Add a payout method</span>
          <span className="v-set-row__hint">Bank account (ACH), PayPal or USDT (TRC20).</span>
        </span>
      </Link>
    )
  return (
    <fieldset className="v-payout-methods">
      <legend className="v-payout__legend">Send to</legend>
      <div className="v-set-card">
        {methods.map((method) => (
          <label key={method.method_id} className="v-set-row v-set-row--link v-payout-method">
            <MethodIcon kind={method.kind} />
            <span className="v-set-row__text">
              <span className="v-set-row__title">{method.title}</span>
              <span className="v-set-row__hint">{method.detail}</span>
            </span>
            <span className="v-set-row__end v-payout-method__fee">
              {isUs ? PayoutFeeLabels[method.kind].us : PayoutFeeLabels[method.kind].nonUs}
            </span>
            <input
              type="radio"
              name="payout-method"
              value={method.method_id}
              checked={selected === method.method_id}
              onChange={() => onSelect(method.method_id)}
              className="v-payout-method__radio"
            />
          </label>
        ))}
      </div>
      <Link to={PayoutPaths.methods} className="v-set-link v-payout__manage">
        Manage payout methods
      </Link>
    </fieldset>
  )
}

/** The withdrawal form (exported for its render test). */
export function WithdrawForm({ overview, methods }: { overview: PayoutOverview; methods: PayoutMethod[] }) {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [methodId, setMethodId] = useState<number | null>(null)
  const [amount, setAmount] = useState('')
  const [touched, setTouched] = useState(false)
  const [submitting, setSubmitting] = useState(false)
  const [serverError, setServerError] = useState<string | null>(null)
  const withdraw = useRequestPayout()
  // One key per withdrawal attempt: a retry after a lost answer cannot withdraw twice.
  const key = useRef<{ key: string; params: string } | null>(null)

  const method = chosenMethod(methods, methodId)
  const cents = parseUsdToCents(amount)
  const problem = amountProblem(cents, overview.available_cents, overview.clearing_cents)
  const preview = useMemo(
    () =>
      method && cents !== null ? previewOf(method.kind as PayoutMethodKind, cents, overview.is_us) : null,
    [method, cents, overview.is_us],
  )
  const blocked = !overview.has_tax || overview.suspended_until !== null || !method
  const tooLittle = overview.available_cents < overview.minimum_cents

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    setTouched(true)
    if (problem || blocked || cents === null || !method) return
    const params = `${cents}:${method.method_id}`
    if (key.current?.params !== params) key.current = { key: newIdempotencyKey(), params }
    setSubmitting(true)
    setServerError(null)
    try {
      const payout = await withdraw.mutateAsync({
        input: { amount_cents: cents, method_id: method.method_id },
        idempotencyKey: key.current.key,
      })
      key.current = null
      await queryClient.invalidateQueries({ queryKey: payoutKeys.all })
      void navigate(successPath(payout.payout_id))
    } catch (error) {
      setServerError(messageOf(error))
    } finally {
      setSubmitting(false)
    }
  }

  return (
    <form className="v-payout-form" onSubmit={onSubmit} noValidate aria-label="Withdraw">
      <MethodPicker
        methods={methods}
        selected={method?.method_id ?? null}
        onSelect={setMethodId}
        isUs={overview.is_us}
      />
      <TextField
        label="Amount (US$)"
        inputMode="decimal"
        autoComplete="off"
        placeholder={centsToField(overview.minimum_cents)}
        value={amount}
        onChange={(event) => setAmount(event.target.value)}
        onBlur={() => setTouched(amount !== '')}
        error={touched && problem ? AmountMessages[problem] : undefined}
        hint={`At least ${formatUsd(overview.minimum_cents)}.`}
        leading={<span className="v-payout__currency">$</span>}
        trailing={
          overview.available_cents > 0 ? (
            <button
              type="button"
              className="v-payout__all"
              onClick={() => {
                setAmount(centsToField(overview.available_cents))
                setTouched(true)
              }}
            >
              All
            </button>
          ) : null
        }
      />
      <dl className="v-payout-preview" aria-label="Withdrawal summary">
        <div>
          <dt>Amount</dt>
          <dd>{cents !== null ? formatUsd(cents) : '—'}</dd>
        </div>
        <div>
          <dt>{PayoutScreenTexts.feeLabel(method?.title ?? null)}</dt>
          <dd>{preview ? formatUsd(preview.feeCents) : '—'}</dd>
        </div>
        <div className="v-payout-preview__total">
          <dt>You receive</dt>
          <dd>{preview && !problem ? formatUsd(preview.netCents) : '—'}</dd>
        </div>
      </dl>
      <p className="v-payout__timing">
        Processing takes {overview.processing_days} business days; the money arrives in{' '}
        {overview.arrival_days} business days.
      </p>
      {serverError ? <Alert>{serverError}</Alert> : null}
      {tooLittle && !blocked ? (
        <p className="v-set-note" role="status">
          <CircleAlert aria-hidden="true" />
          <span>You can withdraw once your balance reaches {formatUsd(overview.minimum_cents)}.</span>
        </p>
      ) : null}
      <Button
        type="submit"
        block
        loading={submitting}
        disabled={blocked || tooLittle}
        icon={<ArrowUpRight />}
      >
        {preview && !problem ? `Withdraw ${formatUsd(cents ?? 0)}` : 'Withdraw'}
      </Button>
    </form>
  )
}

function Payout() {
  const overview = usePayoutOverview()
  const methods = usePayoutMethods()
  let content = <PayoutSkeleton />
  const failed = (overview.isError && !overview.data) || (methods.isError && !methods.data)
  if (failed) {
    const retry = () => {
      void overview.refetch()
      void methods.refetch()
    }
    content = (
      <ErrorState
        error={overview.error ?? methods.error}
        onRetry={retry}
        retrying={overview.isFetching || methods.isFetching}
      />
    )
  } else if (overview.data && !overview.data.is_creator) {
    content = (
      <EmptyState
        variant="card"
        icon={<BadgeCheck />}
        title="Withdrawals are for creators"
        text="Become a creator to earn from your posts and withdraw your earnings."
        action={
          <Link to="/creator_audit" className={buttonClassName({ size: 'md' })}>
            Become a creator
          </Link>
        }
      />
    )
  } else if (overview.data && methods.data) {
    content = (
      <div className="v-payout">
        <PayoutBalance overview={overview.data} />
        <Blockers overview={overview.data} />
        <WithdrawForm overview={overview.data} methods={methods.data.list} />
        <PayoutHistory />
      </div>
    )
  }
  return (
    <div className="v-screen">
      <ScreenBar
        title="Withdraw"
        fallback="/pay/wallet"
        end={
          <Link to={PayoutPaths.tax} className="v-icon-button" aria-label="Tax information">
            <FileText aria-hidden="true" />
          </Link>
        }
      />
      <main className="v-set-body">{content}</main>
    </div>
  )
}
