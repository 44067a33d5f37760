import { formatCoins, type PaymentOutcome, PaymentWaitTexts } from '@velvet/contract'
import { CircleCheck, CircleX, Clock } from 'lucide-react'
import { Button } from '../../ui/Button.tsx'
import { Spinner } from '../../ui/Spinner.tsx'

/**
 * How a coin purchase ended: the new balance, the spec's decline text, or the wait for the bank, which ends
 * too: once `stalled` (the bank has not answered in PaymentStatusPolling.giveUpAfterMs), it says so and offers
 * to check again instead of spinning for ever.
 */
export function BuyCoinsResult({
  outcome,
  onContinue,
  continueLabel = 'Done',
  onRetry,
  stalled = false,
  onCheckAgain,
}: {
  outcome: PaymentOutcome
  onContinue: () => void
  continueLabel?: string
  onRetry: () => void
  stalled?: boolean
  onCheckAgain?: () => void
}) {
  const open = outcome.status === 'pending' || outcome.status === 'requires_action'
  if (open && stalled)
    return (
      <section className="v-buy-result" role="status">
        <Clock className="v-buy-result__icon v-buy-result__icon--waiting" aria-hidden="true" />
        <h2 className="v-buy-result__title">{PaymentWaitTexts.stillOpenTitle}</h2>
        <p className="v-buy-result__text">{PaymentWaitTexts.stillOpen}</p>
        {onCheckAgain ? (
          <Button block onClick={onCheckAgain}>
            {PaymentWaitTexts.checkAgain}
          </Button>
        ) : null}
        <Button block variant="secondary" onClick={onContinue}>
          {continueLabel}
        </Button>
      </section>
    )
  if (open)
    return (
      <section className="v-buy-result" aria-live="polite">
        <Spinner size="lg" label="Waiting for your bank" />
        <h2 className="v-buy-result__title">Waiting for your bank…</h2>
        <p className="v-buy-result__text">This usually takes a few seconds.</p>
      </section>
    )
  if (outcome.status === 'succeeded')
    return (
      <section className="v-buy-result" role="status">
        <CircleCheck className="v-buy-result__icon" aria-hidden="true" />
        <h2 className="v-buy-result__title">{formatCoins(outcome.coins ?? 0)} added</h2>
        {outcome.balance !== null ? (
          <p className="v-buy-result__balance">
            You now have <strong>{formatCoins(outcome.balance)}</strong>
          </p>
        ) : null}
        <Button block onClick={onContinue}>
          {continueLabel}
        </Button>
      </section>
    )
  return (
    <section className="v-buy-result" role="alert">
      <CircleX className="v-buy-result__icon v-buy-result__icon--error" aria-hidden="true" />
      <h2 className="v-buy-result__title">Payment failed</h2>
      <p className="v-buy-result__text">{outcome.message ?? 'The payment did not go through.'}</p>
      <Button block onClick={onRetry}>
        Try again
      </Button>
    </section>
  )
}
