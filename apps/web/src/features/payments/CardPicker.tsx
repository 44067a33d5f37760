import type { SavedCard } from '@velvet/contract'
import { CreditCard, Plus } from 'lucide-react'
import { messageOf } from '../../lib/api/errors.ts'
import { Alert } from '../../ui/Alert.tsx'
import { ErrorState } from '../../ui/ScreenStates.tsx'
import { Spinner } from '../../ui/Spinner.tsx'
import { useCards, useStartCardSetup } from './payments.queries.ts'
import { cardLabel, expiryText } from './payments-format.ts'
import '../../ui/screen-kit.css'
import './payments.css'

/** The cards that can pay now (not expired). */
export function usableCards(cards: readonly SavedCard[] | undefined): SavedCard[] {
  return (cards ?? []).filter((card) => !card.expired)
}

/**
 * The card to pay with: `chosen` if it is usable, else `preferred` (a card saved just now, or the one
 * picked before the bank's page), else the default card, else the first.
 */
export function pickCard(
  usable: readonly SavedCard[],
  chosen: number | null,
  preferred: number | null = null,
): number | null {
  const candidates = [
    chosen,
    preferred,
    usable.find((c) => c.is_default)?.card_id ?? null,
    usable[0]?.card_id,
  ]
  return candidates.find((id) => id != null && usable.some((c) => c.card_id === id)) ?? null
}

export interface CardPickerProps {
  /** The card chosen (see pickCard). */
  cardId: number | null
  onChoose: (cardId: number) => void
  /** Where the provider's hosted card form sends the browser back (an app path that finishes the setup). */
  addReturnPath: string
  /** The group's name for the radios. */
  name: string
}

/**
 * "Pay with": the fan's usable cards as radios (the default marked) and "Add a card" / "Add another card",
 * which opens the provider's hosted card form. Used wherever the fan pays by card.
 */
export function CardPicker({ cardId, onChoose, addReturnPath, name }: CardPickerProps) {
  const cards = useCards()
  const start = useStartCardSetup()
  return (
    <fieldset className="v-buy__group">
      <legend className="v-buy__legend">Pay with</legend>
      {cards.isPending ? (
        <Spinner label="Loading your cards" />
      ) : cards.isError ? (
        <ErrorState error={cards.error} onRetry={() => void cards.refetch()} />
      ) : (
        <CardRadios
          cards={usableCards(cards.data.cards)}
          cardId={cardId}
          onChoose={onChoose}
          onAdd={() => start.mutate(addReturnPath)}
          adding={start.isPending || start.isSuccess}
          name={name}
        />
      )}
      {start.isError ? <Alert>{messageOf(start.error)}</Alert> : null}
    </fieldset>
  )
}

function CardRadios({
  cards: usable,
  cardId,
  onChoose,
  onAdd,
  adding,
  name,
}: {
  cards: SavedCard[]
  cardId: number | null
  onChoose: (cardId: number) => void
  onAdd: () => void
  adding: boolean
  name: string
}) {
  return (
    <div className="v-set-card">
      {usable.map((card) => (
        <label key={card.card_id} className="v-buy-card">
          <input
            type="radio"
            name={name}
            checked={cardId === card.card_id}
            onChange={() => onChoose(card.card_id)}
          />
          <CreditCard aria-hidden="true" />
          <span className="v-buy-card__text">
            <span>{cardLabel(card)}</span>
            <span className="v-pay-card__hint">{expiryText(card)}</span>
          </span>
          {card.is_default ? <span className="v-set-tag v-set-tag--accent">Default</span> : null}
        </label>
      ))}
      <button type="button" className="v-buy-card v-buy-card--add" disabled={adding} onClick={onAdd}>
        <Plus aria-hidden="true" />
        {usable.length === 0 ? 'Add a card' : 'Add another card'}
      </button>
    </div>
  )
}
