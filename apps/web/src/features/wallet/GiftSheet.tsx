import {
  coinsNeededOf,
  formatCoins,
  type Gift,
  type GiftAnimation,
  Gifts,
  type PostAuthor,
  WalletTexts,
} from '@velvet/contract'
import { Cake, Candy, Coins, Crown, Flower2, Gem, Heart, Wine } from 'lucide-react'
import { type ReactNode, useId, useState } from 'react'
import { isApiError, messageOf } from '../../lib/api/errors.ts'
import { BottomSheet } from '../../ui/BottomSheet.tsx'
import { Button } from '../../ui/Button.tsx'
import { useBuyCoinsFallback } from '../payments/index.ts'
import { displayName } from '../profile/index.ts'
import { useSendGift, useWalletSummary } from './wallet.queries.ts'
import { coinsShort } from './wallet-rules.ts'
import './wallet.css'

const GIFT_ICONS: Record<number, ReactNode> = {
  1: <Flower2 />,
  2: <Candy />,
  3: <Heart />,
  4: <Wine />,
  5: <Gem />,
  6: <Crown />,
}

export interface SentGift {
  animation: GiftAnimation
  name: string
}

/** How a gift is sent when not through the profile/post gift call (chat sends it as a message). */
export interface GiftSender {
  send(gift: Gift, message: string, onSent: () => void): void
  pending: boolean
  error: unknown
  reset(): void
}

/**
 * The gift picker: the catalogue with coin prices, the fan's balance, an optional message, and Send. Not
 * enough coins goes to buying coins (and back here). `onSent` plays the animation.
 */
export function GiftSheet({
  open,
  onClose,
  creator,
  postId = null,
  onSent,
  via,
}: {
  open: boolean
  onClose: () => void
  creator: Pick<PostAuthor, 'user_id' | 'user_name' | 'nickname'>
  postId?: number | null
  onSent: (gift: SentGift) => void
  /** Another way to send (a chat message); the profile/post gift call otherwise. */
  via?: GiftSender
}) {
  const [chosen, setChosen] = useState<Gift>(Gifts[0])
  const [message, setMessage] = useState('')
  const messageId = useId()
  const summary = useWalletSummary()
  const giftCall = useSendGift()
  const send: GiftSender = via ?? {
    send: (gift, text, done) =>
      giftCall.mutate(
        { giftId: gift.id, creatorId: creator.user_id, postId, message: text },
        { onSuccess: done },
      ),
    pending: giftCall.isPending,
    error: giftCall.error,
    reset: () => giftCall.reset(),
  }
  // Not enough coins: the coin sheet takes this sheet's place, then the gift picker comes back.
  const coinsSheet = useBuyCoinsFallback({ open, onBought: () => send.reset() })
  const balance = summary.data?.coins ?? null
  const short = balance === null ? 0 : coinsShort(chosen.coins, balance)
  const failure = send.error
  const needed = isApiError(failure) && failure.code === 5004 ? (coinsNeededOf(failure.fields) ?? short) : 0
  const name = displayName(creator)

  const submit = () => {
    if (short > 0) {
      coinsSheet.buy(short)
      return
    }
    send.send(chosen, message, () => {
      setMessage('')
      onSent({ animation: chosen.animation, name: chosen.name })
    })
  }

  if (coinsSheet.sheet) return coinsSheet.sheet
  return (
    <BottomSheet open={open} onClose={onClose} title={`Send ${name} a gift`}>
      <div className="v-gift-sheet">
        <p className="v-gift-sheet__balance">
          <Coins aria-hidden="true" />
          {balance === null ? (
            summary.isError ? (
              WalletTexts.balanceFailed
            ) : (
              <>
                <span className="v-visually-hidden">Loading your balance</span>
                <span className="v-skel v-gift-sheet__balance-skel" aria-hidden="true" />
              </>
            )
          ) : (
            <>You have {formatCoins(balance)}</>
          )}
        </p>
        <fieldset className="v-gift-grid">
          <legend className="v-visually-hidden">Choose a gift</legend>
          {Gifts.map((gift) => (
            <button
              key={gift.id}
              type="button"
              className="v-gift"
              aria-pressed={chosen.id === gift.id}
              data-animation={gift.animation}
              onClick={() => {
                setChosen(gift)
                send.reset()
              }}
            >
              <span className="v-gift__icon" aria-hidden="true">
                {GIFT_ICONS[gift.id] ?? <Cake />}
              </span>
              <span className="v-gift__name">{gift.name}</span>
              <span className="v-gift__price">{formatCoins(gift.coins)}</span>
            </button>
          ))}
        </fieldset>
        <label className="v-gift-sheet__message" htmlFor={messageId}>
          <span>Message (optional)</span>
          <input
            id={messageId}
            className="v-gift-sheet__input"
            value={message}
            maxLength={WalletTexts.giftMessageMax}
            placeholder="Say something nice"
            onChange={(event) => setMessage(event.target.value)}
          />
        </label>
        {failure && needed === 0 ? (
          <p className="v-gift-sheet__error" role="alert">
            {messageOf(failure)}
          </p>
        ) : null}
        {short > 0 || needed > 0 ? (
          <p className="v-gift-sheet__short" role="status">
            {WalletTexts.short(Math.max(short, needed), `for a ${chosen.name}`)}
          </p>
        ) : null}
        <Button
          block
          icon={short > 0 || needed > 0 ? <Coins /> : undefined}
          loading={send.pending}
          disabled={balance === null && !summary.isError}
          onClick={() => (needed > 0 ? coinsSheet.buy(needed) : submit())}
        >
          {short > 0 || needed > 0
            ? WalletTexts.buyCoins
            : `Send ${chosen.name} · ${formatCoins(chosen.coins)}`}
        </Button>
      </div>
    </BottomSheet>
  )
}
