/** Screens of cards and coin purchases (spec §2 routes), and their query parameters. */
export const PaymentPaths = {
  cards: '/manage/cards',
  coins: '/pay/coins',
} as const

export const PaymentParams = {
  /** Added by the provider's hosted card form on its way back. */
  setupSession: 'setup_session_id',
  /** Added by our server to the 3DS return URL. */
  payment: 'payment_id',
  /** Coins missing for what the fan was doing (the wallet's "not enough coins"). */
  need: 'need',
  /** Where to go once the coins are in (an app path). */
  back: 'return',
} as const

/** An app path only (never another site): what `return` may hold. */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || !/^\/(?![/\\])[^\s\\]*$/.test(value)) return null
  return value
}

/** The coin purchase screen for a need and a way back (3DS returns land here too). */
export function coinsPath(options: { need?: number | null; back?: string | null } = {}): string {
  const query = new URLSearchParams()
  if (options.need && options.need > 0) query.set(PaymentParams.need, String(options.need))
  if (options.back) query.set(PaymentParams.back, options.back)
  const text = query.toString()
  return text ? `${PaymentPaths.coins}?${text}` : PaymentPaths.coins
}

/** The path with one query parameter removed (after it has been handled). */
export function withoutParam(pathname: string, search: string, name: string): string {
  const query = new URLSearchParams(search)
  query.delete(name)
  const text = query.toString()
  return text ? `${pathname}?${text}` : pathname
}
