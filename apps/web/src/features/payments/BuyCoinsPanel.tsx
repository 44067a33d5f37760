import { CoinRules, formatCoins, formatUsd, type PaymentOutcome, WalletTexts } from '@velvet/contract'
import { Coins } from 'lucide-react'
import { useState } from 'react'
import { messageOf } from '../../lib/api/errors.ts'
import { Alert } from '../../ui/Alert.tsx'
import { Button } from '../../ui/Button.tsx'
import { TextField } from '../../ui/TextField.tsx'
import { CardPicker, pickCard, usableCards } from './CardPicker.tsx'
import { useBuyCoins, useCards } from './payments.queries.ts'
import { parseCoinAmount, suggestedCoins } from './payments-format.ts'
import '../../ui/screen-kit.css'

export interface BuyCoinsPanelProps {
  neededCoins?: number | undefined
  /** Where the provider's 3DS page and card form send the browser back (an app path). */
  returnPath: string
  /** A card saved just now (back from the hosted form): chosen for this purchase. */
  preferredCardId?: number | null
  onBought: (outcome: PaymentOutcome) => void
}

/** Packs, a custom amount (1-10000), the card to pay with, and Pay: the body of /pay/coins and the sheet. */
export function BuyCoinsPanel({ neededCoins, returnPath, preferredCardId, onBought }: BuyCoinsPanelProps) {
  const cards = useCards()
  const buy = useBuyCoins()
  const [pack, setPack] = useState<number | null>(() => {
    const coins = suggestedCoins(neededCoins)
    return (CoinRules.packs as readonly number[]).includes(coins) ? coins : null
  })
  const [custom, setCustom] = useState(() => (pack === null ? String(suggestedCoins(neededCoins)) : ''))
  const [customTouched, setCustomTouched] = useState(false)
  const [chosenCard, setChosenCard] = useState<number | null>(null)
  const [declined, setDeclined] = useState<string | null>(null)

  const amount = pack !== null ? { coins: pack } : parseCoinAmount(custom)
  const coins = 'coins' in amount ? amount.coins : null
  const cardId = pickCard(usableCards(cards.data?.cards), chosenCard, preferredCardId)
  const redirecting = buy.data?.status === 'requires_action'

  const pay = () => {
    if (coins === null || cardId === null) return
    setDeclined(null)
    buy.mutate(
      { coins, cardId, returnPath },
      {
        onSuccess: (outcome) => {
          if (outcome.status === 'requires_action' && outcome.action_url)
            window.location.assign(outcome.action_url)
          else if (outcome.status === 'succeeded') onBought(outcome)
          else setDeclined(outcome.message ?? 'The payment did not go through.')
        },
      },
    )
  }

  return (
    <div className="v-buy">
      {neededCoins && neededCoins > 0 ? (
        <p className="v-buy__need">
          <Coins aria-hidden="true" />
          {WalletTexts.short(neededCoins)}
        </p>
      ) : null}

      <fieldset className="v-buy__group">
        <legend className="v-buy__legend">Coins</legend>
        <div className="v-buy__packs">
          {CoinRules.packs.map((n) => (
            <label key={n} className="v-buy-pack" data-selected={pack === n || undefined}>
              <input
                type="radio"
                name="coin-pack"
                className="v-visually-hidden"
                aria-label={`${formatCoins(n)} for ${formatUsd(n * CoinRules.faceValueCents)}`}
                checked={pack === n}
                onChange={() => setPack(n)}
              />
              <span className="v-buy-pack__coins">
                <Coins aria-hidden="true" />
                {n.toLocaleString('en-US')}
              </span>
              <span className="v-buy-pack__price">{formatUsd(n * CoinRules.faceValueCents)}</span>
            </label>
          ))}
        </div>
        <TextField
          label="Custom amount"
          inputMode="numeric"
          placeholder={`${CoinRules.min}-${CoinRules.max.toLocaleString('en-US')} coins`}
          value={custom}
          onFocus={() => setPack(null)}
          onChange={(event) => {
            setPack(null)
            setCustom(event.target.value)
          }}
          onBlur={() => setCustomTouched(true)}
          error={pack === null && customTouched && 'error' in amount ? amount.error : undefined}
          hint={`1 coin = ${formatUsd(CoinRules.faceValueCents)}`}
        />
      </fieldset>

      <CardPicker cardId={cardId} onChoose={setChosenCard} addReturnPath={returnPath} name="pay-card" />

      {declined ? <Alert>{declined}</Alert> : null}
      {buy.isError ? <Alert>{messageOf(buy.error)}</Alert> : null}

      <Button
        block
        loading={buy.isPending || redirecting}
        disabled={coins === null || cardId === null}
        onClick={pay}
      >
        {redirecting
          ? 'Opening your bank…'
          : coins === null
            ? 'Pay'
            : `Pay ${formatUsd(coins * CoinRules.faceValueCents)} for ${formatCoins(coins)}`}
      </Button>
    </div>
  )
}
