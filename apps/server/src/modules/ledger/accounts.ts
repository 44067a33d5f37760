/** Units of the ledger (DESIGN §4): fans hold coins; creators earn US cents. */
export const Unit = { Coin: 1, UsdCents: 2 } as const
export type Unit = (typeof Unit)[keyof typeof Unit]

/**
 * Kinds of accounts. User accounts (never negative, enforced by the database) and system accounts (whose
 * balance is the sum of their postings; they may go negative, e.g. coins issued).
 */
export const AccountKind = {
  /** A fan's coins. */
  FanCoins: 1,
  /** A creator's earnings, withdrawable. */
  CreatorPayout: 2,
  /** Coins the platform issued (negative: coins in fans' hands) — the coin side of purchases and spends. */
  CoinIssuance: 101,
  /** US cents received for coins not yet spent (the money behind fans' coins). */
  CoinReserve: 102,
  /** Money on its way from the card processor (negative: owed to us by the processor). */
  PaymentClearing: 103,
  /** Platform's share of sales. */
  PlatformRevenue: 104,
  /** Withdrawals on their way to creators. */
  PayoutClearing: 105,
  /** Payout fees kept by the platform. */
  PayoutFees: 106,
  /** Money sent out to creators (positive: the total paid out). */
  PayoutSettled: 107,
  /** What chargebacks cost the platform beyond what could be taken back. */
  ChargebackLosses: 108,
} as const
export type AccountKind = (typeof AccountKind)[keyof typeof AccountKind]

export const USER_ACCOUNT_UNITS: Record<number, Unit> = {
  [AccountKind.FanCoins]: Unit.Coin,
  [AccountKind.CreatorPayout]: Unit.UsdCents,
}

export const SYSTEM_ACCOUNT_UNITS: Record<number, Unit> = {
  [AccountKind.CoinIssuance]: Unit.Coin,
  [AccountKind.CoinReserve]: Unit.UsdCents,
  [AccountKind.PaymentClearing]: Unit.UsdCents,
  [AccountKind.PlatformRevenue]: Unit.UsdCents,
  [AccountKind.PayoutClearing]: Unit.UsdCents,
  [AccountKind.PayoutFees]: Unit.UsdCents,
  [AccountKind.PayoutSettled]: Unit.UsdCents,
  [AccountKind.ChargebackLosses]: Unit.UsdCents,
}

/** What a transfer was (statements and filters read this). */
export const TransferKind = {
  /** A fan bought coins with a card. */
  CoinPurchase: 1,
  /** A membership charge (first period or renewal) paid by card. */
  MembershipCharge: 2,
  /** A fan unlocked a paid item (post, message) with coins; one per buyer and item. */
  Unlock: 3,
  /** A gift or tip in coins. */
  Gift: 4,
  /** A paid chat message in coins. */
  PaidMessage: 5,
  /** A creator asked to withdraw. */
  PayoutRequest: 6,
  /** The withdrawal was sent. */
  PayoutPaid: 7,
  /** The withdrawal failed and came back. */
  PayoutFailed: 8,
  /** A chargeback reversed a card payment. */
  Chargeback: 9,
  /** A refund (e.g. an unanswered paid message). */
  Refund: 10,
} as const
export type TransferKind = (typeof TransferKind)[keyof typeof TransferKind]

/** Transfers that earn a creator money (the wallet's "earned" uses the same kinds). */
export const EARNING_KINDS = [
  TransferKind.MembershipCharge,
  TransferKind.Unlock,
  TransferKind.Gift,
  TransferKind.PaidMessage,
] as const

/** Transfer kinds a fan pays for (spent levels). */
export const SPENDING_KINDS: number[] = [
  TransferKind.Unlock,
  TransferKind.Gift,
  TransferKind.PaidMessage,
  TransferKind.MembershipCharge,
]

/** One side of a transfer, by account (user accounts name their owner). */
export type AccountRef =
  | { kind: typeof AccountKind.FanCoins | typeof AccountKind.CreatorPayout; userId: number }
  | { kind: Exclude<AccountKind, typeof AccountKind.FanCoins | typeof AccountKind.CreatorPayout> }

export interface PostingInput {
  account: AccountRef
  /** Signed amount in the account's unit: credit > 0, debit < 0. */
  amount: number
}

/** The unit of an account kind. */
export function unitOf(kind: AccountKind): Unit {
  const unit = USER_ACCOUNT_UNITS[kind] ?? SYSTEM_ACCOUNT_UNITS[kind]
  if (!unit) throw new Error(`unknown ledger account kind ${kind}`)
  return unit
}

/** Postings of a transfer sum to zero in each unit (double entry). Throws otherwise. */
export function assertBalanced(postings: PostingInput[]): void {
  const sums = new Map<Unit, number>()
  for (const posting of postings) {
    if (!Number.isSafeInteger(posting.amount) || posting.amount === 0)
      throw new Error(`a posting amount must be a non-zero integer, got ${posting.amount}`)
    const unit = unitOf(posting.account.kind)
    sums.set(unit, (sums.get(unit) ?? 0) + posting.amount)
  }
  for (const [unit, sum] of sums)
    if (sum !== 0) throw new Error(`postings do not balance in unit ${unit}: sum ${sum}`)
  if (postings.length < 2) throw new Error('a transfer needs at least two postings')
}
