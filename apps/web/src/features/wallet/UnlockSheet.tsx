import { useQueryClient } from '@tanstack/react-query'
import { coinsNeededOf, formatCoins, type Post, WalletTexts } from '@velvet/contract'
import { Coins, LockOpen } from 'lucide-react'
import { useState } from 'react'
import { isApiError, messageOf } from '../../lib/api/errors.ts'
import { BottomSheet } from '../../ui/BottomSheet.tsx'
import { Button } from '../../ui/Button.tsx'
import { BuyCoinsSheet } from '../payments/BuyCoinsSheet.tsx'
import { postKeys } from '../posts/posts.queries.ts'
import { displayName } from '../profile/profile-rules.ts'
import { useUnlockPost, useWalletSummary, walletKeys } from './wallet.queries.ts'
import { coinsShort } from './wallet-rules.ts'
import './wallet.css'

/**
 * The unlock confirmation: the price in coins and the fan's balance. Enough coins: "Unlock for N coins".
 * Not enough: how many are missing and "Buy coins" (coming back to this unlock). A changed price says so
 * and shows the new one.
 */
export function UnlockSheet({
  post,
  price,
  open,
  onClose,
  returnTo,
}: {
  post: Post
  price: number
  open: boolean
  onClose: () => void
  /** Where buying coins comes back to (this page, reopening the sheet). */
  returnTo: string
}) {
  const client = useQueryClient()
  const summary = useWalletSummary()
  const unlock = useUnlockPost()
  // Not enough coins: the coin sheet takes this sheet's place, then the unlock comes back.
  const [buying, setBuying] = useState<number | null>(null)
  const balance = summary.data?.coins ?? null
  // An answer about another price (it changed since) no longer applies to the price shown now.
  const failure = unlock.variables?.price === price ? unlock.error : null
  const fromServer = isApiError(failure) && failure.code === 5004 ? coinsNeededOf(failure.fields) : null
  const short = fromServer ?? (balance === null ? 0 : coinsShort(price, balance))
  const priceChanged = isApiError(failure) && failure.code === 5011
  const [firstPrice] = useState(price)

  const confirm = () => {
    if (short > 0) {
      setBuying(short)
      return
    }
    unlock.mutate(
      { post, price },
      {
        onSuccess: () => onClose(),
        onError: (error) => {
          // The post changed under the fan: fetch it again so the sheet shows the new price.
          if (isApiError(error) && (error.code === 5011 || error.code === 5010))
            void client.invalidateQueries({ queryKey: postKeys.all })
        },
      },
    )
  }

  if (buying !== null) {
    return (
      <BuyCoinsSheet
        open={open}
        neededCoins={buying}
        returnTo={returnTo}
        onClose={() => setBuying(null)}
        onBought={() => {
          setBuying(null)
          unlock.reset()
          void client.invalidateQueries({ queryKey: walletKeys.all })
        }}
      />
    )
  }
  return (
    <BottomSheet open={open} onClose={onClose} title={WalletTexts.unlockTitle}>
      <div className="v-unlock">
        <p className="v-unlock__who">
          A post by <strong>{displayName(post.author)}</strong>
        </p>
        <p className="v-unlock__price">
          <Coins aria-hidden="true" />
          {formatCoins(price)}
        </p>
        <p className="v-unlock__balance">
          {balance === null
            ? summary.isError
              ? 'Your balance did not load.'
              : 'Checking your balance…'
            : `You have ${formatCoins(balance)}.`}
        </p>
        {price !== firstPrice ? (
          <p className="v-unlock__short" role="status">
            The price changed from {formatCoins(firstPrice)} to {formatCoins(price)}.
          </p>
        ) : null}
        {short > 0 ? (
          <p className="v-unlock__short" role="status">
            You need {formatCoins(short)} more to unlock this post.
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
          loading={unlock.isPending}
          disabled={priceChanged || (balance === null && !summary.isError)}
          onClick={confirm}
        >
          {short > 0 ? WalletTexts.buyCoins : `Unlock for ${formatCoins(price)}`}
        </Button>
        <p className="v-unlock__note">Unlocked posts stay yours. You are never charged twice for a post.</p>
      </div>
    </BottomSheet>
  )
}
