import type { SavedCard } from '@velvet/contract'
import { CreditCard, Star, Trash2 } from 'lucide-react'
import { cardLabel, expiryText } from './payments-format.ts'
import '../../ui/screen-kit.css'

/** A saved card: brand and last 4, expiry, the default badge, and its two actions. */
export function CardRow({
  card,
  busy,
  onMakeDefault,
  onRemove,
}: {
  card: SavedCard
  busy: boolean
  onMakeDefault: () => void
  onRemove: () => void
}) {
  const label = cardLabel(card)
  return (
    <div className="v-pay-card" data-expired={card.expired || undefined}>
      <span className="v-pay-card__icon" aria-hidden="true">
        <CreditCard />
      </span>
      <span className="v-pay-card__text">
        <span className="v-pay-card__title">
          {label}
          {card.is_default ? <span className="v-set-tag v-set-tag--accent">Default</span> : null}
        </span>
        <span className={card.expired ? 'v-pay-card__hint v-pay-card__hint--danger' : 'v-pay-card__hint'}>
          {expiryText(card)}
        </span>
      </span>
      <span className="v-pay-card__actions">
        {card.is_default || card.expired ? null : (
          <button
            type="button"
            className="v-icon-button"
            aria-label={`Make ${label} the default card`}
            title="Make default"
            disabled={busy}
            onClick={onMakeDefault}
          >
            <Star aria-hidden="true" />
          </button>
        )}
        <button
          type="button"
          className="v-icon-button"
          aria-label={`Remove ${label}`}
          title="Remove"
          disabled={busy}
          onClick={onRemove}
        >
          <Trash2 aria-hidden="true" />
        </button>
      </span>
    </div>
  )
}
