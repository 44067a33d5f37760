import { z } from 'zod'
import { formatCoins } from '../money.ts'
import { NotifyType } from '../realtime.ts'
import { Id } from '../rules/ids.ts'
import { MultilineText } from '../rules/text.ts'
import { UserId } from './auth.ts'
import { defineCall } from './define.ts'
import { Post, PostAuthor, PostId } from './post.ts'
import { PageQuery, pageOf } from './profile.ts'

/**
 * Fans spend: the wallet (coins, spent level, a creator's payout balance), the statement of
 * transactions with every fee line, PPV unlocks of posts and gifts.
 */

/** The two gift animations made for Velvet (apps/web/public/gifts/<id>.svg), preloaded by the app. */
export const GiftAnimations = ['hearts', 'sparkle'] as const
export const GiftAnimation = z.enum(GiftAnimations)
export type GiftAnimation = z.infer<typeof GiftAnimation>

/** The gift catalogue (coins 5-1000). Ids are stable: statements and notifications name them. */
export const Gifts = [
  { id: 1, name: 'Rose', coins: 5, animation: 'hearts' },
  { id: 2, name: 'Candy', coins: 20, animation: 'hearts' },
  { id: 3, name: 'Heart', coins: 50, animation: 'hearts' },
  { id: 4, name: 'Champagne', coins: 100, animation: 'sparkle' },
  { id: 5, name: 'Diamond', coins: 500, animation: 'sparkle' },
  { id: 6, name: 'Crown', coins: 1000, animation: 'sparkle' },
] as const satisfies ReadonlyArray<{ id: number; name: string; coins: number; animation: GiftAnimation }>
export type Gift = (typeof Gifts)[number]

export function giftById(id: number): Gift | undefined {
  return Gifts.find((gift) => gift.id === id)
}

/** Notification types of sales a creator receives (Velvet's own, in the one NotifyType table). */
export const WalletNotifyType = {
  ItemPurchased: NotifyType.ItemPurchased,
  GiftReceived: NotifyType.GiftReceived,
} as const

/**
 * An InsufficientCoins (5004) answer of an unlock or a gift names the coins missing in a field with this
 * rule; its `message` is the number (the coin purchase sheet opens with it).
 */
export const CoinsNeededRule = 'wallet.coins_needed'

/** The coins missing from a 5004 answer's fields, or null. */
export function coinsNeededOf(
  fields: ReadonlyArray<{ rule: string; message: string }> | undefined,
): number | null {
  const value = Number(fields?.find((field) => field.rule === CoinsNeededRule)?.message)
  return Number.isSafeInteger(value) && value > 0 ? value : null
}

export const WalletTexts = {
  buyCoins: 'Buy coins',
  unlockTitle: 'Unlock this post',
  unlocked: 'Unlocked',
  alreadyUnlocked: 'You already unlocked this post.',
  giftSent: 'Gift sent',
  noTransactions: 'No transactions yet.',
  giftMessageMax: 200,
  purchaseSummary: (coins: number) => `unlocked your post for ${coins} ${coins === 1 ? 'coin' : 'coins'}`,
  giftSummary: (name: string, coins: number) =>
    `sent you a ${name} (${coins} ${coins === 1 ? 'coin' : 'coins'})`,
  // What the coin sheets (unlock, tip, gift, buy coins) say about the fan's balance.
  balanceLoading: 'Checking your balance…',
  balanceFailed: 'Your balance did not load.',
  balance: (coins: number) => `You have ${formatCoins(coins)}.`,
  /** What is missing, and for what when the sheet says it ("to unlock this post", "for this tip"). */
  short: (coins: number, purpose?: string) =>
    purpose ? `You need ${formatCoins(coins)} more ${purpose}.` : `You need ${formatCoins(coins)} more.`,
  priceChanged: (from: number, to: number) =>
    `The price changed from ${formatCoins(from)} to ${formatCoins(to)}.`,
} as const

// -- wallet summary --

export const SpentLevelValue = z.number().int().min(0).max(4)

export const walletSummary = defineCall({
  method: 'GET',
  path: '/fapi/core/wallet/summary/',
  access: 'account',
  summary:
    "The viewer's wallet (spec §3 account info): coins, spent level over the last 30 days, and for creators the payout balance in US cents.",
  response: z.object({
    /** Coins in the fan wallet. */
    coins: z.number().int().min(0),
    /** What the viewer spent in the last 30 days in US cents (unlocks, gifts, paid messages, memberships). */
    spent_cents_30d: z.number().int().min(0),
    /** SpentLevels (money.ts): 0 none, 1 under $100, 2 over $100, 3 over $1,000, 4 over $10,000. */
    spent_level: SpentLevelValue,
    spent_label: z.string(),
    /**
     * Creators: the payout wallet in US cents, pending earnings included (payout overview splits what is
     * available from what is still clearing); null for fans.
     */
    balance: z.number().int().min(0).nullable(),
    /** Creators: net earnings of the last 30 days in US cents; null for fans. */
    earned_cents_30d: z.number().int().min(0).nullable(),
  }),
})
export type WalletSummary = z.infer<typeof walletSummary.response>

// -- transactions --

export const TransactionFilters = ['all', 'purchases', 'spending', 'earnings', 'payouts', 'refunds'] as const
export const TransactionFilter = z.enum(TransactionFilters)
export type TransactionFilter = z.infer<typeof TransactionFilter>

export const TransactionFilterLabels: Record<TransactionFilter, string> = {
  all: 'All',
  purchases: 'Coins bought',
  spending: 'Spending',
  earnings: 'Earnings',
  payouts: 'Payouts',
  refunds: 'Refunds',
}

/** What a statement line was, as its owner sees it. */
export const TransactionKinds = [
  'coin_purchase',
  'membership',
  'unlock',
  'gift',
  'paid_message',
  'payout_request',
  'payout_paid',
  'payout_failed',
  'chargeback',
  'refund',
] as const
export const TransactionKind = z.enum(TransactionKinds)
export type TransactionKind = z.infer<typeof TransactionKind>

/** What a sale on a statement was for: each kind of thing sold has its own words and link. */
export const SaleKinds = [
  'post_unlock',
  'message_unlock',
  'gift',
  'chat_gift',
  'chat_tip',
  'paid_message',
  'membership',
] as const
export const SaleKind = z.enum(SaleKinds)
export type SaleKind = z.infer<typeof SaleKind>

/**
 * How statement lines read (both sides of a sale: the fan who paid, the creator who earned; a referrer
 * sees the creator's words after "Referral share:").
 */
export const TransactionTexts = {
  sale: {
    post_unlock: { buyer: () => 'Unlocked a post', seller: () => 'Post unlocked' },
    message_unlock: { buyer: () => 'Unlocked a chat message', seller: () => 'Chat message unlocked' },
    gift: {
      buyer: (gift: string) => `Gift sent: ${gift}`,
      seller: (gift: string) => `Gift received: ${gift}`,
    },
    chat_gift: {
      buyer: (gift: string) => `Gift sent in chat: ${gift}`,
      seller: (gift: string) => `Gift received in chat: ${gift}`,
    },
    chat_tip: { buyer: () => 'Tip sent in chat', seller: () => 'Tip received in chat' },
    paid_message: { buyer: () => 'Paid message', seller: () => 'Paid message received' },
    membership: { buyer: () => 'Membership', seller: () => 'Membership payment' },
  } satisfies Record<SaleKind, { buyer: (gift: string) => string; seller: (gift: string) => string }>,
  referral: (sellerTitle: string) => `Referral share: ${sellerTitle.toLowerCase()}`,
  /** A gift whose catalogue entry is gone. */
  unknownGift: 'a gift',
  coinPurchase: (coins: string) => `Bought ${coins} coins`,
  payoutRequest: 'Payout requested',
  payoutPaid: 'Payout sent',
  payoutFailed: 'Payout failed, returned',
  chargeback: 'Chargeback',
  refund: 'Refund',
  /** A payout sent does not change the wallet (the request took the money): its figure is what was sent. */
  sent: (amount: string) => `Sent ${amount}`,
  links: {
    post: 'View post',
    conversation: 'Open conversation',
    profile: 'View profile',
  },
} as const

/** Where a statement line leads: the post bought, the conversation, the creator of a membership. */
export const TransactionLink = z.object({
  kind: z.enum(['post', 'conversation', 'profile']),
  label: z.string(),
  /** An app path ("/post?id=12", "/chatRoom?u1=1&u2=2", "/@jane"). */
  path: z.string(),
})
export type TransactionLink = z.infer<typeof TransactionLink>

export const MoneyUnit = z.enum(['coins', 'usd_cents'])
export type MoneyUnit = z.infer<typeof MoneyUnit>

/** One fee line of a statement entry (gross, platform fee, referral share, net; payout fee; card paid). */
export const FeeLineKey = z.enum(['gross', 'platform_fee', 'referral', 'net', 'payout_fee', 'amount', 'paid'])
export const FeeLine = z.object({
  key: FeeLineKey,
  label: z.string(),
  /** Signed, in `unit`: fees and shares taken out are negative. */
  amount: z.number().int(),
  unit: MoneyUnit,
})
export type FeeLine = z.infer<typeof FeeLine>

export const FeeLineLabels: Record<z.infer<typeof FeeLineKey>, string> = {
  gross: 'Gross',
  platform_fee: 'Platform fee',
  referral: 'Referral share',
  net: 'Net',
  payout_fee: 'Payout fee',
  amount: 'Amount',
  paid: 'Paid by card',
}

export const Transaction = z.object({
  /** The ledger transfer id. */
  id: z.string(),
  kind: TransactionKind,
  /** The viewer's side: buyer (spent), seller (earned), referrer (earned a referral share), owner (own wallet). */
  role: z.enum(['buyer', 'seller', 'referrer', 'owner']),
  title: z.string(),
  /** Unix seconds. */
  time: z.number().int(),
  /** What the viewer's wallet gained (> 0) or lost (< 0), in `unit`. */
  amount: z.number().int(),
  unit: MoneyUnit,
  /** The other person (the creator paid, the fan who paid); null for purchases and payouts. */
  counterparty: PostAuthor.nullable(),
  /** What a sale was for (null for purchases of coins, payouts, refunds). */
  sale: SaleKind.nullable(),
  /** The post bought or gifted on, if any. */
  post_id: PostId.nullable(),
  /** Where the line leads: the post, the conversation, the creator; null when nothing is there to see. */
  link: TransactionLink.nullable(),
  /** The fan's message with a gift or a tip, if any. */
  message: z.string().nullable(),
  lines: z.array(FeeLine),
})
export type Transaction = z.infer<typeof Transaction>

export const transactionsList = defineCall({
  method: 'GET',
  path: '/fapi/core/wallet/transactions/',
  access: 'account',
  summary: "The viewer's statement, newest first (keyset pages), with every fee line.",
  input: PageQuery.extend({
    filter: TransactionFilter.default('all'),
    limit: z.coerce.number().int().min(1).max(50).default(20),
  }),
  response: pageOf(Transaction),
})

// -- unlock --

export const unlockPost = defineCall({
  method: 'POST',
  path: '/fapi/core/wallet/unlock_post/',
  access: 'account',
  idempotent: true,
  summary:
    'Unlock a PPV post with coins, at the price the fan saw (refused if it changed); once per fan and post.',
  input: z.object({
    post_id: PostId,
    /** The price in coins the fan confirmed. */
    price: z.number().int().min(1),
  }),
  response: z.object({
    /** False when the fan had already unlocked it (nothing was charged this time). */
    charged: z.boolean(),
    /** Coins spent by this call (0 when already unlocked). */
    coins_spent: z.number().int().min(0),
    /** Coins left in the wallet. */
    coins: z.number().int().min(0),
    /** The post as post detail shows it now (unlocked, with media urls). */
    post: Post,
  }),
})
export type UnlockAnswer = z.infer<typeof unlockPost.response>

// -- gifts --

export const giftCatalogue = defineCall({
  method: 'GET',
  path: '/fapi/core/wallet/gifts/',
  access: 'session',
  summary: 'The gift catalogue (coins and animation of each gift).',
  response: z.object({
    list: z.array(
      z.object({ id: z.number().int(), name: z.string(), coins: z.number().int(), animation: GiftAnimation }),
    ),
  }),
})

export const sendGift = defineCall({
  method: 'POST',
  path: '/fapi/core/wallet/send_gift/',
  access: 'account',
  idempotent: true,
  summary: 'Send a creator a gift in coins (from a profile or a post).',
  input: z.object({
    gift_id: Id,
    creator_id: UserId,
    post_id: PostId.nullable().default(null),
    message: MultilineText.trim()
      .max(WalletTexts.giftMessageMax, {
        message: `A message is at most ${WalletTexts.giftMessageMax} characters.`,
      })
      .nullable()
      .default(null),
  }),
  response: z.object({
    gift_id: z.number().int(),
    animation: GiftAnimation,
    coins_spent: z.number().int(),
    coins: z.number().int().min(0),
  }),
})
export type SendGiftAnswer = z.infer<typeof sendGift.response>
