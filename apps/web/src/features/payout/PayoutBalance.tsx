import { ChatTexts, formatUsd, type PayoutOverview, PayoutScreenTexts } from '@velvet/contract'
import { Hourglass, Wallet } from 'lucide-react'

const dayOf = (seconds: number) =>
  new Date(seconds * 1000).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' })

/**
 * /pay/payout's balance: what can be withdrawn now and, apart, what is pending (earnings still clearing,
 * with when the oldest clears); withdrawals on their way, the minimum, and shares of paid messages held
 * until the creator replies (the creator's own, and a referrer's share of a referred creator's).
 */
export function PayoutBalance({ overview }: { overview: PayoutOverview }) {
  return (
    <section className="v-payout-balance" aria-label="Balance">
      <div className="v-payout-balance__tiles">
        <div className="v-payout-balance__tile">
          <h2 id="payout-available" className="v-payout__label">
            <Wallet aria-hidden="true" />
            {PayoutScreenTexts.available}
          </h2>
          <p className="v-payout-balance__amount">{formatUsd(overview.available_cents)}</p>
        </div>
        <div className="v-payout-balance__tile v-payout-balance__tile--pending">
          <h2 id="payout-pending" className="v-payout__label">
            <Hourglass aria-hidden="true" />
            {PayoutScreenTexts.pending}
          </h2>
          <p className="v-payout-balance__amount v-payout-balance__amount--pending">
            {formatUsd(overview.clearing_cents)}
          </p>
        </div>
      </div>
      <p className="v-payout-balance__hint">
        {PayoutScreenTexts.pendingHint}
        {overview.next_clear_at ? ` ${PayoutScreenTexts.nextClear(dayOf(overview.next_clear_at))}` : ''}
      </p>
      <dl className="v-payout-balance__facts">
        {overview.pending_cents > 0 ? (
          <div>
            <dt>{PayoutScreenTexts.onTheWay}</dt>
            <dd>{formatUsd(overview.pending_cents)}</dd>
          </div>
        ) : null}
        <div>
          <dt>{PayoutScreenTexts.minimum}</dt>
          <dd>{formatUsd(overview.minimum_cents)}</dd>
        </div>
        {overview.held_cents > 0 ? (
          <div>
            <dt>{ChatTexts.heldLabel}</dt>
            <dd>{formatUsd(overview.held_cents)}</dd>
          </div>
        ) : null}
        {overview.referral_held_cents > 0 ? (
          <div>
            <dt>{ChatTexts.referralHeldLabel}</dt>
            <dd>{formatUsd(overview.referral_held_cents)}</dd>
          </div>
        ) : null}
      </dl>
      {overview.held_cents > 0 ? <p className="v-payout-balance__hint">{ChatTexts.heldHint}</p> : null}
      {overview.referral_held_cents > 0 ? (
        <p className="v-payout-balance__hint">{ChatTexts.referralHeldHint}</p>
      ) : null}
    </section>
  )
}
