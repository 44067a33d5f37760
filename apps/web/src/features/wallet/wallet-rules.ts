import {
  type FeeLine,
  formatCoins,
  formatUsd,
  type MoneyUnit,
  type Transaction,
  TransactionTexts,
} from '@velvet/contract'
import { coinsPath } from '../payments/index.ts'

/** Screens of the wallet and the coin purchase (spec §2 routes). */
export const WalletPaths = {
  wallet: '/pay/wallet',
  transactions: '/pay/transactions',
  coins: '/pay/coins',
  payout: '/pay/payout',
} as const

/** The query parameter that brings a fan back to the unlock of a post after buying coins. */
export const UNLOCK_PARAM = 'unlock'

/** An amount with its unit, always: "120 coins", "US$12.00". */
export function formatAmount(amount: number, unit: MoneyUnit): string {
  return unit === 'coins' ? formatCoins(amount) : formatUsd(amount)
}

/** A statement amount with its sign: "+US$9.60", "−120 coins" (a true minus sign). */
export function signedAmount(amount: number, unit: MoneyUnit): string {
  if (amount === 0) return formatAmount(0, unit)
  const sign = amount > 0 ? '+' : '\u2212'
  return `${sign}${formatAmount(Math.abs(amount), unit)}`
}

/**
 * The figure of a statement line and which way it went. A payout sent moved nothing in the wallet (its
 * request took the money), so it shows what was sent ("Sent US$19.75") rather than US$0.00.
 */
export function rowAmount(item: Pick<Transaction, 'kind' | 'amount' | 'unit' | 'lines'>): {
  text: string
  sign: 'in' | 'out' | undefined
} {
  const net = item.lines.find((line) => line.key === 'net')
  if (item.kind === 'payout_paid' && item.amount === 0 && net)
    return { text: TransactionTexts.sent(formatUsd(net.amount)), sign: undefined }
  return {
    text: signedAmount(item.amount, item.unit),
    sign: item.amount > 0 ? 'in' : item.amount < 0 ? 'out' : undefined,
  }
}

/** A fee line's amount: deductions carry a minus, the rest none. */
export function lineAmount(line: FeeLine): string {
  return line.amount < 0
    ? `\u2212${formatAmount(-line.amount, line.unit)}`
    : formatAmount(line.amount, line.unit)
}

/** Whether an entry has lines worth unfolding (a single "paid" line of a purchase is shown inline). */
export function hasFeeLines(item: Pick<Transaction, 'lines'>): boolean {
  return item.lines.length > 1
}

/** The coin purchase screen with the coins missing and the way back (the payments screen's own path). */
export function buyCoinsPath(need: number | null, returnTo: string): string {
  return coinsPath({ need, back: returnTo })
}

/** The current path with `?unlock=<postId>` added, so coming back from buying coins reopens the unlock. */
export function unlockReturnPath(pathname: string, search: string, postId: number): string {
  const query = new URLSearchParams(search)
  query.set(UNLOCK_PARAM, String(postId))
  return `${pathname}?${query.toString()}`
}

/** Coins still missing for a price. */
export function coinsShort(price: number, balance: number): number {
  return Math.max(0, price - balance)
}

/** "Jun 1, 2026 · 14:05" in the viewer's time zone. */
export function transactionTime(seconds: number): string {
  const date = new Date(seconds * 1000)
  const day = date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' })
  const time = date.toLocaleTimeString('en-US', { hour: '2-digit', minute: '2-digit', hour12: false })
  return `${day} · ${time}`
}
