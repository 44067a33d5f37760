import {
  CardDeclineTexts,
  PAYMENT_NOT_SENT,
  type PaymentOutcome,
  PaymentStatusPolling,
  PaymentWaitTexts,
} from '@velvet/contract'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { BuyCoinsResult } from './BuyCoinsResult.tsx'
import { nextStatusCheck, paymentWait } from './payment-wait.ts'

const { everyMs, giveUpAfterMs } = PaymentStatusPolling

const outcome = (fields: Partial<PaymentOutcome> = {}): PaymentOutcome => ({
  payment_id: 7,
  status: 'pending',
  amount_cents: 3_000,
  coins: 300,
  balance: null,
  action_url: null,
  code: null,
  message: null,
  ...fields,
})

const html = (fields: Partial<PaymentOutcome>, stalled: boolean) =>
  renderToStaticMarkup(
    <BuyCoinsResult
      outcome={outcome(fields)}
      onContinue={() => undefined}
      onRetry={() => undefined}
      stalled={stalled}
      onCheckAgain={() => undefined}
    />,
  )

describe('waiting for a payment', () => {
  it('asks again while the payment is open, and stops once the wait is over or the bank answered', () => {
    for (const status of ['pending', 'requires_action', undefined] as const) {
      expect(paymentWait(status, 0)).toBe('waiting')
      expect(nextStatusCheck(status, giveUpAfterMs - 1)).toBe(everyMs)
      // A payment that never settles (its charge never reached the provider) no longer spins for ever.
      expect(paymentWait(status, giveUpAfterMs)).toBe('stalled')
      expect(nextStatusCheck(status, giveUpAfterMs)).toBe(false)
    }
    for (const status of ['succeeded', 'failed', 'charged_back'] as const) {
      expect(paymentWait(status, 0)).toBe('settled')
      expect(nextStatusCheck(status, 0)).toBe(false)
    }
  })

  it('shows the spinner while waiting, then says the payment is still open and offers to check again', () => {
    const waiting = html({ status: 'pending' }, false)
    expect(waiting).toContain('Waiting for your bank')
    expect(waiting).not.toContain(PaymentWaitTexts.stillOpen)

    const stalled = html({ status: 'pending' }, true)
    expect(stalled).not.toContain('Waiting for your bank')
    expect(stalled).toContain(PaymentWaitTexts.stillOpenTitle)
    expect(stalled).toContain(PaymentWaitTexts.stillOpen.replaceAll("'", '&#x27;'))
    expect(stalled).toContain(PaymentWaitTexts.checkAgain)
  })

  it('ends with the clear message of a payment the server expired (nothing charged)', () => {
    const expired = html(
      { status: 'failed', code: PAYMENT_NOT_SENT, message: CardDeclineTexts[PAYMENT_NOT_SENT] ?? null },
      true,
    )
    expect(expired).toContain('Payment failed')
    expect(expired).toContain('your card was not charged')
    expect(expired).not.toContain(PaymentWaitTexts.stillOpenTitle)
  })
})
