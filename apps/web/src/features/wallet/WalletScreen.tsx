import { formatCoins, formatUsd, SpentLevels, type WalletSummary, WalletTexts } from '@velvet/contract'
import { ArrowUpRight, ChevronRight, Coins, Landmark, ReceiptText, TrendingUp } from 'lucide-react'
import { Link } from 'react-router'
import { buttonClassName } from '../../ui/Button.tsx'
import { ScreenBar } from '../../ui/ScreenBar.tsx'
import { ErrorState } from '../../ui/ScreenStates.tsx'
import { RequireAccount } from '../auth/index.ts'
import { usePayoutOverview } from '../payout/index.ts'
import { useWalletSummary } from './wallet.queries.ts'
import { buyCoinsPath, WalletPaths } from './wallet-rules.ts'
import '../../ui/screen-kit.css'
import '../../ui/Skeleton.css'
import './wallet.css'

/** /pay/wallet: coins with "Buy coins", the spent level of the last 30 days, and a creator's earnings. */
export function WalletScreen() {
  return (
    <RequireAccount>
      <Wallet />
    </RequireAccount>
  )
}

function WalletSkeleton() {
  return (
    <div className="v-wallet" role="status" aria-label="Loading your wallet">
      <span className="v-skel v-wallet__skel v-wallet__skel--coins" />
      <span className="v-skel v-wallet__skel" />
      <span className="v-skel v-wallet__skel" />
    </div>
  )
}

function SpentLevel({ summary }: { summary: WalletSummary }) {
  return (
    <section className="v-wallet-card" aria-labelledby="wallet-spent">
      <h2 id="wallet-spent" className="v-wallet-card__label">
        <TrendingUp aria-hidden="true" />
        Spent in the last 30 days
      </h2>
      <p className="v-wallet-card__value">{summary.spent_label}</p>
      <ol className="v-wallet-levels" aria-label="Spent levels">
        {SpentLevels.filter((level) => level.level > 0).map((level) => (
          <li
            key={level.level}
            className="v-wallet-levels__step"
            data-reached={level.level <= summary.spent_level || undefined}
            aria-current={level.level === summary.spent_level ? 'step' : undefined}
          >
            <span className="v-visually-hidden">{level.label}</span>
          </li>
        ))}
      </ol>
      <p className="v-wallet-card__hint">
        {summary.spent_cents_30d > 0
          ? `${formatUsd(summary.spent_cents_30d)} on unlocks, gifts, messages and memberships.`
          : 'Unlocks, gifts, paid messages and memberships count here.'}
      </p>
    </section>
  )
}

/** What of the earnings can be withdrawn now and what is still clearing (from the payout overview). */
export interface EarningsSplit {
  available_cents: number
  clearing_cents: number
  clearing_days: number
}

function Earnings({ summary, split }: { summary: WalletSummary; split: EarningsSplit | undefined }) {
  return (
    <section className="v-wallet-card" aria-labelledby="wallet-earnings">
      <h2 id="wallet-earnings" className="v-wallet-card__label">
        <Landmark aria-hidden="true" />
        Earnings balance
      </h2>
      <p className="v-wallet-card__value v-wallet-card__value--money">{formatUsd(summary.balance ?? 0)}</p>
      {split && split.clearing_cents > 0 ? (
        <p className="v-wallet-card__hint">
          <strong>{formatUsd(split.available_cents)}</strong> available now ·{' '}
          <strong>{formatUsd(split.clearing_cents)}</strong> pending: earnings clear {split.clearing_days}{' '}
          days after each sale.
        </p>
      ) : null}
      <p className="v-wallet-card__hint">
        {formatUsd(summary.earned_cents_30d ?? 0)} earned in the last 30 days, after fees.
      </p>
      <Link
        to={WalletPaths.payout}
        className={buttonClassName({ variant: 'secondary', size: 'md', block: true })}
      >
        <span className="v-button__icon" aria-hidden="true">
          <ArrowUpRight />
        </span>
        Withdraw
      </Link>
    </section>
  )
}

function CoinsCard({ summary }: { summary: WalletSummary }) {
  return (
    <section className="v-wallet-coins" aria-labelledby="wallet-coins">
      <h2 id="wallet-coins" className="v-wallet-card__label">
        Coins
      </h2>
      <p className="v-wallet-coins__amount">
        <Coins aria-hidden="true" />
        <span>{formatCoins(summary.coins)}</span>
      </p>
      <p className="v-wallet-card__hint">Unlock posts and send gifts with coins. 1 coin is US$0.10.</p>
      <Link
        to={buyCoinsPath(null, WalletPaths.wallet)}
        className={buttonClassName({ size: 'md', block: true })}
      >
        <span className="v-button__icon" aria-hidden="true">
          <Coins />
        </span>
        {WalletTexts.buyCoins}
      </Link>
    </section>
  )
}

/**
 * The wallet's cards: someone who earns (a creator, a referrer) sees their earnings first, then the coins
 * they spend as a fan; a fan sees their coins first.
 */
export function WalletCards({
  summary,
  split,
}: {
  summary: WalletSummary
  split?: EarningsSplit | undefined
}) {
  const earns = summary.balance !== null
  return (
    <div className="v-wallet">
      {earns ? <Earnings summary={summary} split={split} /> : null}
      <CoinsCard summary={summary} />
      <SpentLevel summary={summary} />
      <Link to={WalletPaths.transactions} className="v-wallet-link">
        <ReceiptText aria-hidden="true" />
        <span>Transactions</span>
        <ChevronRight aria-hidden="true" className="v-wallet-link__chevron" />
      </Link>
    </div>
  )
}

function Wallet() {
  const query = useWalletSummary()
  // Someone who earns also learns what of it is still clearing (the payout overview splits it).
  const overview = usePayoutOverview(query.data?.balance != null)
  let content = <WalletSkeleton />
  if (query.isError && !query.data) {
    content = (
      <ErrorState error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
    )
  } else if (query.data) {
    content = <WalletCards summary={query.data} split={overview.data} />
  }
  return (
    <div className="v-screen">
      <ScreenBar title="Wallet" fallback="/" />
      <main className="v-set-body">{content}</main>
    </div>
  )
}
