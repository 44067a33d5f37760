import { PaymentStatusPolling, type PaymentStatusValue } from '@velvet/contract'

/**
 * Where the app's wait for a payment stands: `settled` (the bank answered), `waiting` (asking again every
 * PaymentStatusPolling.everyMs), or `stalled`: still open after PaymentStatusPolling.giveUpAfterMs, so the
 * app stops asking and says so rather than spinning for ever (the server settles the payment on its own, or
 * expires one whose charge never reached the provider).
 */
export type PaymentWait = 'settled' | 'waiting' | 'stalled'

/** A payment still waiting on the bank (charging, or on the 3DS page). */
export function isOpenPayment(status: PaymentStatusValue): boolean {
  return status === 'pending' || status === 'requires_action'
}

/** `status` undefined: the first answer has not come yet (waiting too). */
export function paymentWait(status: PaymentStatusValue | undefined, waitedMs: number): PaymentWait {
  if (status !== undefined && !isOpenPayment(status)) return 'settled'
  return waitedMs < PaymentStatusPolling.giveUpAfterMs ? 'waiting' : 'stalled'
}

/** When to ask about the payment again (false: not any more). */
export function nextStatusCheck(status: PaymentStatusValue | undefined, waitedMs: number): number | false {
  return paymentWait(status, waitedMs) === 'waiting' ? PaymentStatusPolling.everyMs : false
}
