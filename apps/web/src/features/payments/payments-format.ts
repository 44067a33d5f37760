import { CoinAmount, CoinRules, type SavedCard } from '@velvet/contract'

const brands: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
}

/** "Visa •••• 4242". */
export function cardLabel(card: Pick<SavedCard, 'brand' | 'last4'>): string {
  return `${brands[card.brand] ?? 'Card'} •••• ${card.last4}`
}

/** "Expires 12/34" or "Expired 01/25". */
export function expiryText(card: Pick<SavedCard, 'exp_month' | 'exp_year' | 'expired'>): string {
  const mm = String(card.exp_month).padStart(2, '0')
  const yy = String(card.exp_year % 100).padStart(2, '0')
  return `${card.expired ? 'Expired' : 'Expires'} ${mm}/${yy}`
}

/** The custom amount as typed: the coins, or the contract's words for what is wrong with it. */
export function parseCoinAmount(text: string): { coins: number } | { error: string } {
  const trimmed = text.trim()
  if (trimmed === '' || !/^\d+$/.test(trimmed))
    return { error: `Enter a number from ${CoinRules.min} to ${CoinRules.max}.` }
  const parsed = CoinAmount.safeParse(Number(trimmed))
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? 'Not a valid amount.' }
  return { coins: parsed.data }
}

/** The smallest pack that covers a need, else the need itself (within 1-10000). */
export function suggestedCoins(need: number | null | undefined): number {
  const first = CoinRules.packs[0]
  if (!need || need <= 0) return first
  const pack = CoinRules.packs.find((p) => p >= need)
  return pack ?? Math.min(CoinRules.max, Math.max(CoinRules.min, Math.ceil(need)))
}
