import { CoinsNeededRule, PaymentTexts } from '@velvet/contract'
import type { FastifyBaseLogger } from 'fastify'
import type { Db, Tx } from '../../platform/db.ts'
import { AppError } from '../../platform/errors.ts'
import type { NotificationInput, NotificationService } from '../notifications/service.ts'
import { TransferKind } from './accounts.ts'
import type { SaleLines, SalePayment, Sales } from './sales.ts'
import { LedgerRefusal, type LedgerService, type TransferResult } from './service.ts'

/**
 * What can be bought, and which ledger transfer records each sale. A new thing to sell (a live ticket,
 * call minutes, an agent offer) is one more entry here and one more caller of `buy`.
 */
export const PurchaseKinds = {
  /** A PPV post, once per fan and post. */
  postUnlock: TransferKind.Unlock,
  /** A PPV chat message's contents, once per fan and contents. */
  messageUnlock: TransferKind.Unlock,
  /** A message to a creator who charges for messages (held until the creator replies). */
  paidMessage: TransferKind.PaidMessage,
  /** A gift from the catalogue, from a profile or a post. */
  gift: TransferKind.Gift,
  /** A tip or a gift sent as a chat message. */
  chatTip: TransferKind.Gift,
  /** A membership period (first or renewal), paid by card. */
  membership: TransferKind.MembershipCharge,
} as const satisfies Record<string, TransferKind>
export type PurchaseKind = keyof typeof PurchaseKinds

/** A notice to send once the purchase has committed; built then (it may read the database). */
export type PurchaseNotice = () => Promise<{ userId: number; item: NotificationInput } | null>

/** A typed description of one sale: who sells what to whom, for how much, and what it grants. */
export interface Purchase {
  kind: PurchaseKind
  buyerId: number
  sellerId: number
  price: SalePayment
  /** The sale's ledger key: one transfer per key, whatever the caller's Idempotency-Key. */
  key: string
  /** What is bought, e.g. ('post', '123'); unlocks are unique per buyer and item. */
  item: { type: string; id: string }
  /** What the statement says ("Unlocked a post", "Gift: Rose"...). */
  description: string
  meta?: Record<string, unknown>
  /** Whether the buyer owns it already (read first, in the transaction): then nothing is charged. */
  owned?: () => Promise<boolean>
  /** The price the buyer saw, and the refusal when the item's price is no longer that one. */
  seen?: { coins: number; changed: () => AppError }
  /**
   * Grants what was bought in the same transaction as the money, once the sale is new (a replayed or an
   * "already owned" sale committed its grant with it).
   */
  grant?: (sale: TransferResult & { lines: SaleLines }) => Promise<unknown>
  /** What the seller (or anyone) hears after the commit, when the sale is new. */
  notice?: PurchaseNotice
}

/**
 * How a buy ended: 'sold' (money moved now), 'replayed' (this key already moved it) or 'owned' (the buyer
 * had it: nothing charged).
 */
export type Bought =
  | { status: 'sold' | 'replayed'; charged: boolean; sale: TransferResult & { lines: SaleLines } }
  | { status: 'owned'; charged: false; sale: null }

/** InsufficientCoins (5004) with how many coins are missing (CoinsNeededRule field; the sheet buys them). */
export function notEnoughCoins(needed: number): AppError {
  const message = `${PaymentTexts.notEnoughCoins} You need ${needed} more.`
  return new AppError('InsufficientCoins', {
    message,
    fields: [{ field: 'coins', rule: CoinsNeededRule, message: String(needed) }],
  })
}

export interface PurchasesDeps {
  db: Db
  ledger: Pick<LedgerService, 'coins' | 'idempotent'>
  sales: Pick<Sales, 'sell'>
  notifications: Pick<NotificationService, 'publish'>
  log: Pick<FastifyBaseLogger, 'warn'>
}

/**
 * The one purchase path (DESIGN §4): `buy` records a sale inside a transaction (already owned, the price
 * the buyer saw, the split, the grant); `checkout` runs a coin purchase once per Idempotency-Key, turns a
 * short wallet into 5004 with the shortfall, and sends the purchase notices after the commit.
 */
export function createPurchases(deps: PurchasesDeps) {
  const { db, ledger, sales, log } = deps

  async function buy(tx: Tx, purchase: Purchase): Promise<Bought> {
    if (purchase.owned && (await purchase.owned())) return { status: 'owned', charged: false, sale: null }
    if (purchase.seen && 'coins' in purchase.price && purchase.price.coins !== purchase.seen.coins)
      throw purchase.seen.changed()
    let sale: TransferResult & { lines: SaleLines }
    try {
      sale = await sales.sell(
        {
          key: purchase.key,
          kind: PurchaseKinds[purchase.kind],
          buyerId: purchase.buyerId,
          creatorId: purchase.sellerId,
          item: purchase.item,
          payment: purchase.price,
          description: purchase.description,
          ...(purchase.meta ? { meta: purchase.meta } : {}),
        },
        tx,
      )
    } catch (error) {
      // An unlock of the same item exists under another key (the unique buyer + item): it is theirs.
      if (error instanceof LedgerRefusal && error.reason === 'already_owned')
        return { status: 'owned', charged: false, sale: null }
      throw error
    }
    if (!sale.created) return { status: 'replayed', charged: false, sale }
    await purchase.grant?.(sale)
    return { status: 'sold', charged: true, sale }
  }

  /** Tells someone about a purchase; a failed notice never fails the sale. */
  async function tell(notice: PurchaseNotice) {
    let userId: number | undefined
    try {
      const built = await notice()
      if (!built) return
      userId = built.userId
      await deps.notifications.publish(built.userId, built.item)
    } catch (err) {
      log.warn({ err, userId }, 'purchase notification failed')
    }
  }

  return {
    buy,

    /**
     * Runs a coin purchase: `effect` gets the transaction and a `buy` bound to it. With `idempotency` the
     * whole answer is stored once per (buyer, Idempotency-Key) and replayed; without it (a chat message,
     * stored once per client id) it is one transaction. A short wallet becomes 5004 with the coins missing
     * from `coins` (nothing was written). After the commit, `afterCommit` runs (e.g. the chat_message
     * event), then the notices of the new sales.
     */
    async checkout<T>(
      options: {
        buyerId: number
        /** The price the buyer agreed to pay (the shortfall is counted from it). */
        coins: number
        idempotency?: { key: string; scope: string; params: unknown }
        afterCommit?: (answer: T) => void | Promise<void>
      },
      effect: (tx: Tx, buy: (purchase: Purchase) => Promise<Bought>) => Promise<T>,
    ): Promise<T> {
      let notices: PurchaseNotice[] = []
      const run = (tx: Tx) => {
        // A retried transaction runs this again from the start.
        notices = []
        return effect(tx, async (purchase) => {
          const bought = await buy(tx, purchase)
          if (bought.status === 'sold' && purchase.notice) notices.push(purchase.notice)
          return bought
        })
      }
      let answer: T
      try {
        answer = options.idempotency
          ? await ledger.idempotent({ userId: options.buyerId, ...options.idempotency }, run)
          : await db.transaction(run)
      } catch (error) {
        if (error instanceof LedgerRefusal && error.reason === 'insufficient_funds')
          throw notEnoughCoins(Math.max(1, options.coins - (await ledger.coins(options.buyerId))))
        throw error
      }
      await options.afterCommit?.(answer)
      for (const notice of notices) await tell(notice)
      return answer
    },
  }
}

export type Purchases = ReturnType<typeof createPurchases>
