import { coinsNeededOf, formatCoins, WalletTexts } from '@velvet/contract'
import { Coins, LockOpen } from 'lucide-react'
import { type ReactNode, useState } from 'react'
import { isApiError, messageOf } from '../../lib/api/errors.ts'
import { BottomSheet } from '../../ui/BottomSheet.tsx'
import { Button } from '../../ui/Button.tsx'
import { useBuyCoinsFallback } from '../payments/index.ts'
import { useWalletSummary } from './wallet.queries.ts'
import { coinsShort } from './wallet-rules.ts'
import './wallet.css'

/** What an unlock sheet buys and how (a post, a chat message). */
export interface UnlockAction {
  /** Unlocks at `price`; `onDone` closes the sheet. */
  run(price: number, onDone: () => void): void
  pending: boolean
  error: unknown
  /** The price the last attempt was for (an answer about another price no longer applies). */
  triedPrice: number | undefined
  reset(): void
}

/**
 * The unlock confirmation: the price in coins and the fan's balance. Enough coins: "Unlock for N coins".
 * Not enough: how many are missing and "Buy coins" (coming back to this unlock). A changed price says so
 * and shows the new one.
 */
export function UnlockSheet({
  title,
  what,
  noun,
  price,
  open,
  onClose,
  returnTo,
  action,
}: {
  title: string
  /** Whose item it is ("A post by Ann"). */
  what: ReactNode
  noun: 'post' | 'message'
  price: number
  open: boolean
  onClose: () => void
  /** Where buying coins comes back to (this page, reopening the sheet). */
  returnTo: string
  action: UnlockAction
}) {
  const summary = useWalletSummary()
  // Not enough coins: the coin sheet takes this sheet's place, then the unlock comes back.
  const coinsSheet = useBuyCoinsFallback({ open, returnTo, onBought: () => action.reset() })
  const balance = summary.data?.coins ?? null
  const failure = action.triedPrice === price ? action.error : null
  const fromServer = isApiError(failure) && failure.code === 5004 ? coinsNeededOf(failure.fields) : null
  const short = fromServer ?? (balance === null ? 0 : coinsShort(price, balance))
  const priceChanged = isApiError(failure) && failure.code === 5011
  const [firstPrice] = useState(price)

  const confirm = () => {
    if (short > 0) {
      coinsSheet.buy(short)
      return
    }
    action.run(price, onClose)
  }

  if (coinsSheet.sheet) return coinsSheet.sheet
  return (
    <BottomSheet open={open} onClose={onClose} title={title}>
      <div className="v-unlock">
        <p className="v-unlock__who">{what}</p>
        <p className="v-unlock__price">
          <Coins aria-hidden="true" />
          {formatCoins(price)}
        </p>
        <p className="v-unlock__balance">
          {balance === null
            ? summary.isError
              ? WalletTexts.balanceFailed
              : WalletTexts.balanceLoading
            : WalletTexts.balance(balance)}
        </p>
        {price !== firstPrice ? (
          <p className="v-unlock__short" role="status">
            {WalletTexts.priceChanged(firstPrice, price)}
          </p>
        ) : null}
        {short > 0 ? (
          <p className="v-unlock__short" role="status">
            {WalletTexts.short(short, `to unlock this ${noun}`)}
          </p>
        ) : null}
        {failure && fromServer === null ? (
          <p className="v-unlock__error" role="alert">
            {messageOf(failure)}
          </p>
        ) : null}
        <Button
          block
          icon={short > 0 ? <Coins /> : <LockOpen />}
          loading={action.pending}
          disabled={priceChanged || (balance === null && !summary.isError)}
          onClick={confirm}
        >
          {short > 0 ? WalletTexts.buyCoins : `Unlock for ${formatCoins(price)}`}
        </Button>
        <p className="v-unlock__note">
          Unlocked {noun}s stay yours. You are never charged twice for the same {noun}.
        </p>
      </div>
    </BottomSheet>
  )
}
