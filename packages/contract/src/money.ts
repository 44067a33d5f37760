/**
 * Money rules shared by web and server (DESIGN §4, spec §5 and §9). Amounts are integers: coins, or US
 * cents (`…Cents`). Nothing here is a float; shares are basis points (1% = 100).
 */

/** What a fan buys and spends: 1 coin = US$0.10 (DESIGN §4). */
export const CoinRules = {
  faceValueCents: 10,
  /** spec §5: a coin amount (custom purchase, prices) is 1 to 10000. */
  min: 1,
  max: 10_000,
  /** Coin packs offered on /pay/coins (the custom amount is any 1-10000). */
  packs: [100, 300, 500, 1_000, 2_500, 5_000] as const,
} as const

/** The price in US cents of a number of coins. */
export function coinsToCents(coins: number): number {
  return coins * CoinRules.faceValueCents
}

/** Creators' share of each sale and the referral programme (DESIGN §4 and §8). */
export const Shares = {
  /** 80% by default. */
  creatorDefaultBps: 8_000,
  /** spec: "up to 90%". */
  creatorMaxBps: 9_000,
  /** The referrer earns 5% of a referred creator's earnings, out of the platform's part. */
  referralBps: 500,
  referralMonths: 12,
} as const

/**
 * How one sale of `grossCents` splits: the creator's net, the referrer's part (taken from the platform's
 * part) and the platform's fee. Rounding always favours the creator; the parts sum to the gross.
 */
export function splitSale(
  grossCents: number,
  creatorBps: number,
  hasReferrer: boolean,
): { netCents: number; referralCents: number; platformCents: number } {
  const netCents = Math.ceil((grossCents * creatorBps) / 10_000)
  const referralCents = hasReferrer ? Math.floor((netCents * Shares.referralBps) / 10_000) : 0
  const platformCents = grossCents - netCents - referralCents
  return { netCents, referralCents, platformCents: Math.max(0, platformCents) }
}

/** Membership prices (spec §5: $1 to $1,000). */
export const MembershipRules = {
  priceMinUsd: 1,
  priceMaxUsd: 1_000,
  priceMessage: 'Please enter a number from 1 to 1000',
  /** Bundle lengths a creator may offer, with their own discount. */
  bundleMonths: [3, 6, 12] as const,
  bundleDiscountMaxPercent: 80,
  /** Grace after a failed renewal, with daily retries (spec §9). */
  graceDays: 7,
  /** PrePaymentFailed (26) is checked this long before the period ends. */
  precheckHours: 24,
  trialDaysMax: 30,
} as const

/** Subscription events (spec §3). */
export const SubscriptionEvent = { Subscribe: 1, Renewal: 2 } as const

/** A membership's state (spec §4): active, in grace after a failed renewal, ended. */
export const MembershipStatus = { Active: 1, Grace: 2, Ended: 3 } as const

/** Spent levels over the last 30 days (spec §9), by lower bound in US cents. */
export const SpentLevels = [
  { level: 0, label: 'None', minCents: 0 },
  { level: 1, label: 'Under $100', minCents: 1 },
  { level: 2, label: 'Over $100', minCents: 10_000 },
  { level: 3, label: 'Over $1,000', minCents: 100_000 },
  { level: 4, label: 'Over $10,000', minCents: 1_000_000 },
] as const

/** The spent level of a fan who spent `cents` in the last 30 days. */
export function spentLevelOf(cents: number): (typeof SpentLevels)[number] {
  let found: (typeof SpentLevels)[number] = SpentLevels[0]
  for (const level of SpentLevels) if (cents >= level.minCents) found = level
  return found
}

/** Payout methods and fees (spec §9; DESIGN §4). */
export const PayoutRules = {
  minimumCents: 2_000,
  paypalUsFeeCents: 25,
  /** Non-US PayPal: 2%, capped at $20. */
  paypalNonUsBps: 200,
  paypalNonUsCapCents: 2_000,
  usdtFeeCents: 300,
  achFeeCents: 0,
  processingBusinessDays: '1-2',
  arrivalBusinessDays: '2-5',
  /** A failed withdrawal suspends payouts this long. */
  suspendAfterFailureDays: 7,
  /**
   * Earnings clear this many days after the sale (the time a card payment can still be disputed early on):
   * until then they are pending, then available to withdraw. Longer than a paid message's reply window, so
   * a share held for a reply is always still pending too.
   */
  clearingDays: 7,
  achNameMax: 22,
} as const

export const PayoutMethodKind = { Ach: 1, PayPal: 2, Usdt: 3 } as const
export type PayoutMethodKind = (typeof PayoutMethodKind)[keyof typeof PayoutMethodKind]

/** When earnings from a sale at `saleAt` become available to withdraw. */
export function clearsAt(saleAt: Date): Date {
  return new Date(saleAt.getTime() + PayoutRules.clearingDays * 86_400_000)
}

/** The fee of one withdrawal of `amountCents` by a method. */
export function payoutFeeCents(kind: PayoutMethodKind, amountCents: number, isUs: boolean): number {
  switch (kind) {
    case PayoutMethodKind.Ach:
      return PayoutRules.achFeeCents
    case PayoutMethodKind.Usdt:
      return PayoutRules.usdtFeeCents
    case PayoutMethodKind.PayPal:
      return isUs
        ? PayoutRules.paypalUsFeeCents
        : Math.min(
            PayoutRules.paypalNonUsCapCents,
            Math.ceil((amountCents * PayoutRules.paypalNonUsBps) / 10_000),
          )
  }
}

/** A withdrawal's states (spec §9): requested → processing → paid, or failed. */
export const PayoutStatus = { Requested: 1, Processing: 2, Paid: 3, Failed: 4 } as const

/** Texts of payments (spec §8), word for word. */
export const PaymentTexts = {
  cardSaveFailed: 'Error occured, please try again.',
  insufficientFunds: 'Your card has insufficient funds.',
  verificationFailed: 'Verification failed, please use a different card.',
  notEnoughCoins: "You don't have enough coins.",
} as const

/** How an amount reads: coins as "1,234 coins", cents as "US$12.34". */
export function formatUsd(cents: number): string {
  const sign = cents < 0 ? '-' : ''
  const abs = Math.abs(cents)
  const dollars = Math.floor(abs / 100).toLocaleString('en-US')
  return `${sign}US$${dollars}.${String(abs % 100).padStart(2, '0')}`
}

export function formatCoins(coins: number): string {
  return `${coins.toLocaleString('en-US')} ${coins === 1 ? 'coin' : 'coins'}`
}

/** A money-moving call carries an Idempotency-Key: 8-100 characters of letters, digits, `-` and `_`. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/
