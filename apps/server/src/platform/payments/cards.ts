/** Card-number rules of the sandbox's hosted form (the number never leaves the provider's side). */

export type SandboxBehaviour = 'success' | 'insufficient_funds' | '3ds' | '3ds_decline' | 'expired_card'

/** Stripe's test numbers; any other valid number succeeds. */
const behaviours: Record<string, SandboxBehaviour> = {
  '4242424242424242': 'success',
  '4000000000009995': 'insufficient_funds',
  '4000002760003184': '3ds',
  '4000008400001629': '3ds_decline',
  '4000000000000069': 'expired_card',
}

export function behaviourOf(digits: string): SandboxBehaviour {
  return behaviours[digits] ?? 'success'
}

export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i])
    if (i % 2 === 1) {
      d *= 2
      if (d > 9) d -= 9
    }
    sum += d
  }
  return sum % 10 === 0
}

export function brandOf(digits: string): string {
  if (/^4/.test(digits)) return 'visa'
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return 'mastercard'
  if (/^3[47]/.test(digits)) return 'amex'
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover'
  return 'card'
}

/** "MM / YY", "MM/YYYY"... → month and four-digit year, or null. */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(value)
  if (!match) return null
  const month = Number(match[1])
  const year = match[2]?.length === 2 ? 2000 + Number(match[2]) : Number(match[2])
  if (month < 1 || month > 12) return null
  return { month, year }
}

/** A card works through the last day of its expiry month. */
export function isExpired(card: { expMonth: number; expYear: number }, now: Date): boolean {
  const y = now.getUTCFullYear()
  const m = now.getUTCMonth() + 1
  return card.expYear < y || (card.expYear === y && card.expMonth < m)
}
