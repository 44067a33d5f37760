import { TransactionFilter, TransactionFilterLabels, TransactionFilters, WalletTexts } from '@velvet/contract'
import { ReceiptText } from 'lucide-react'
import { Link, useSearchParams } from 'react-router'
import { messageOf } from '../../lib/api/errors.ts'
import { buttonClassName } from '../../ui/Button.tsx'
import { EmptyState } from '../../ui/EmptyState.tsx'
import { LoadMore } from '../../ui/LoadMore.tsx'
import { ScreenBar } from '../../ui/ScreenBar.tsx'
import { ErrorState } from '../../ui/ScreenStates.tsx'
import { RequireAccount } from '../auth/index.ts'
import { TransactionRow, TransactionSkeleton } from './TransactionRow.tsx'
import { useTransactions, useWalletSummary } from './wallet.queries.ts'
import { buyCoinsPath, WalletPaths } from './wallet-rules.ts'
import '../../ui/screen-kit.css'
import '../../ui/Skeleton.css'
import './wallet.css'

/** /pay/transactions: the statement with filter chips, keyset pages and every fee line. */
export function TransactionsScreen() {
  return (
    <RequireAccount>
      <Transactions />
    </RequireAccount>
  )
}

const EARNER_ONLY = new Set<TransactionFilter>(['earnings', 'payouts'])

function Transactions() {
  const [params, setParams] = useSearchParams()
  const parsed = TransactionFilter.safeParse(params.get('filter'))
  const filter: TransactionFilter = parsed.success ? parsed.data : 'all'
  const summary = useWalletSummary()
  const earns = summary.data?.balance !== null && summary.data?.balance !== undefined
  const chips = TransactionFilters.filter((value) => earns || !EARNER_ONLY.has(value) || value === filter)
  const query = useTransactions(filter)
  const rows = query.data?.pages.flatMap((page) => page.list) ?? []

  let content = <TransactionSkeleton />
  if (query.isError && rows.length === 0) {
    content = (
      <ErrorState error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
    )
  } else if (!query.isPending && rows.length === 0) {
    content = (
      <EmptyState
        variant="card"
        icon={<ReceiptText />}
        title={WalletTexts.noTransactions}
        text={
          filter === 'all'
            ? 'Coins you buy, unlocks, gifts and earnings show here with every fee.'
            : `Nothing under “${TransactionFilterLabels[filter]}” yet.`
        }
        action={
          filter === 'all' ? (
            <Link
              to={buyCoinsPath(null, WalletPaths.transactions)}
              className={buttonClassName({ size: 'md' })}
            >
              {WalletTexts.buyCoins}
            </Link>
          ) : null
        }
      />
    )
  } else if (rows.length > 0) {
    content = (
      <>
        <ul className="v-tx-list" aria-label="Transactions" aria-busy={query.isFetching || undefined}>
          {rows.map((item) => (
            <TransactionRow key={item.id} item={item} />
          ))}
        </ul>
        <LoadMore pages={query} errorMessage={messageOf(query.error)} />
      </>
    )
  }

  return (
    <div className="v-screen">
      <ScreenBar title="Transactions" fallback={WalletPaths.wallet} />
      <main className="v-set-body">
        <fieldset className="v-wallet-chips">
          <legend className="v-visually-hidden">Show</legend>
          {chips.map((value) => (
            <button
              key={value}
              type="button"
              className="v-wallet-chip"
              aria-pressed={filter === value}
              onClick={() => setParams(value === 'all' ? {} : { filter: value }, { replace: true })}
            >
              {TransactionFilterLabels[value]}
            </button>
          ))}
        </fieldset>
        {content}
      </main>
    </div>
  )
}
