import { ChatTexts, formatUsd, type PayoutOverview } from '@velvet/contract'
import { Wallet } from 'lucide-react'

/**
 * /pay/payout's balance: what can be withdrawn now, pending withdrawals, the minimum, and shares of paid
 * messages held until the creator replies (the creator's own, and a referrer's share of a referred creator's).
 */
export function PayoutBalance({ overview }: { overview: PayoutOverview }) {
  return (
    <section className="v-payout-balance" aria-labelledby="payout-available">
      <h2 id="payout-available" className="v-payout__label">
        <Wallet aria-hidden="true" />
        Available to withdraw
      </h2>
      <p className="v-payout-balance__amount">{formatUsd(overview.available_cents)}</p>
      <dl className="v-payout-balance__facts">
        <div>
          <dt>Pending</dt>
          <dd>{formatUsd(overview.pending_cents)}</dd>
        </div>
        <div>
          <dt>Minimum</dt>
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
