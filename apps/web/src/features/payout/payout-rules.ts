import {
  ErrorCodes,
  type PayoutMethod,
  type PayoutMethodKind,
  PayoutRules,
  payoutFeeCents,
} from '@velvet/contract'

/**
 * An amount typed in US dollars ("50", "50.5", "1,250.25", "$20") as cents; null when it is not an amount
 * with at most two decimals.
 */
export function parseUsdToCents(text: string): number | null {
  const cleaned = text
    .trim()
    .replace(/^(US)?\$/i, '')
    .replace(/,/g, '')
  const match = /^(\d{1,9})(?:\.(\d{0,2}))?$/.exec(cleaned)
  if (!match) return null
  const dollars = Number(match[1])
  const cents = Number((match[2] ?? '').padEnd(2, '0'))
  return dollars * 100 + cents
}

/** Cents as the dollars a field shows ("50.00"). */
export function centsToField(cents: number): string {
  return (cents / 100).toFixed(2)
}

export type AmountProblem = 'format' | 'minimum' | 'balance' | 'clearing' | null

/**
 * What is wrong with an amount before it is sent (the server checks the same): beyond the wallet (what is
 * available and what is still pending) it is over the balance; beyond what is available, not cleared yet.
 */
export function amountProblem(cents: number | null, availableCents: number, pendingCents = 0): AmountProblem {
  if (cents === null) return 'format'
  if (cents < PayoutRules.minimumCents) return 'minimum'
  if (cents > availableCents + pendingCents) return 'balance'
  if (cents > availableCents) return 'clearing'
  return null
}

export const AmountMessages: Record<Exclude<AmountProblem, null>, string> = {
  format: 'Enter an amount in US dollars, like 50 or 50.25.',
  minimum: 'The minimum withdrawal is US$20.00.',
  balance: ErrorCodes.PayoutOverBalance.message,
  clearing: ErrorCodes.PayoutNotCleared.message,
}

/**
 * The method a withdrawal goes to: the one picked if it is still there, else the default, else the first
 * (a method just added is selected without a reload, even while the overview is still the old one).
 */
export function chosenMethod(methods: readonly PayoutMethod[], picked: number | null): PayoutMethod | null {
  return (
    methods.find((m) => m.method_id === picked) ?? methods.find((m) => m.is_default) ?? methods[0] ?? null
  )
}

/** Fee and what arrives for an amount and method (the server charges the same: payoutFeeCents). */
export function previewOf(kind: PayoutMethodKind, cents: number, isUs: boolean) {
  const fee = payoutFeeCents(kind, cents, isUs)
  return { feeCents: fee, netCents: Math.max(0, cents - fee) }
}
