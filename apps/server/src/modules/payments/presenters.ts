import { declineText, type PaymentOutcome, type PaymentStatusValue, type SavedCard } from '@velvet/contract'
import { isExpired } from '../../platform/payments/cards.ts'
import type { CardRow, PaymentRow } from './repo.ts'

export function presentCard(row: CardRow, now: Date): SavedCard {
  return {
    card_id: row.id,
    brand: row.brand,
    last4: row.last4,
    exp_month: row.expMonth,
    exp_year: row.expYear,
    is_default: row.isDefault,
    expired: isExpired(row, now),
  }
}

const statusNames: PaymentStatusValue[] = [
  'pending',
  'requires_action',
  'succeeded',
  'failed',
  'charged_back',
]

/** A payment as its payer sees it; `balance` is the coin balance after a succeeded coin purchase. */
export function presentPayment(row: PaymentRow, balance: number | null): PaymentOutcome {
  const status = statusNames[row.status] ?? 'pending'
  const coins = row.purpose === 'coins' ? Number(row.reference.coins) : null
  return {
    payment_id: row.id,
    status,
    amount_cents: row.amountCents,
    coins,
    balance: status === 'succeeded' ? balance : null,
    action_url: status === 'requires_action' ? row.actionUrl : null,
    code: status === 'failed' ? (row.declineCode ?? 'card_declined') : null,
    message: status === 'failed' ? declineText(row.declineCode) : null,
  }
}
