import {
  type Gift,
  giftById,
  isPaidVisibility,
  type SendGiftAnswer,
  sendGift,
  spentLevelOf,
  type TransactionFilter,
  type UnlockAnswer,
  UserRole,
  unlockPost,
  Visibility,
  WalletTexts,
} from '@velvet/contract'
import type { Clock } from '../../platform/clock.ts'
import { AppError } from '../../platform/errors.ts'
import type { Viewer } from '../../platform/http.ts'
import type { CreatorService } from '../creator/service.ts'
import type { EntitlementService } from '../entitlements/service.ts'
import { TransferKind } from '../ledger/accounts.ts'
import type { Purchases } from '../ledger/purchase.ts'
import type { LedgerService } from '../ledger/service.ts'
import { Notices, noticePerson } from '../notifications/payloads.ts'
import type { PostViewService } from '../posts/view-service.ts'
import { decodeIdCursor } from '../social/cursor.ts'
import { counterpartyOf, presentCard, presentTransaction } from './presenters.ts'
import { SPENDING_KINDS, type StatementQuery, type WalletRepo } from './repo.ts'

const DAY_MS = 86_400_000

export interface WalletServiceDeps {
  repo: WalletRepo
  ledger: Pick<LedgerService, 'coins' | 'earningsCents' | 'unlockOf'>
  /** The one purchase path: unlocks and gifts are sales, with their notices. */
  purchases: Pick<Purchases, 'checkout'>
  entitlements: Pick<EntitlementService, 'grantUnlock' | 'reachAuthor'>
  /** Posts as post detail shows them (reach: blocks, places, paywall; detail: the presented post). */
  posts: Pick<PostViewService, 'reach' | 'detail'>
  creator: Pick<CreatorService, 'assertVerifiedCreator'>
  clock: Clock
  portraitUrl: (key: string) => string
}

/** How each statement filter reads the ledger. */
const FILTERS: Record<TransactionFilter, Pick<StatementQuery, 'kinds' | 'side'>> = {
  all: { kinds: null, side: 'both' },
  purchases: { kinds: [TransferKind.CoinPurchase], side: 'both' },
  spending: { kinds: SPENDING_KINDS, side: 'started' },
  earnings: { kinds: SPENDING_KINDS, side: 'credited' },
  payouts: {
    kinds: [TransferKind.PayoutRequest, TransferKind.PayoutPaid, TransferKind.PayoutFailed],
    side: 'both',
  },
  refunds: { kinds: [TransferKind.Refund, TransferKind.Chargeback], side: 'both' },
}

/** Fans spend: the wallet, its statement, PPV unlocks and gifts. */
export function createWalletService(deps: WalletServiceDeps) {
  const { repo, ledger, purchases, entitlements, posts, clock } = deps

  async function fanCard(fanId: number) {
    const cards = await repo.userCards([fanId])
    return presentCard(fanId, cards.get(fanId), deps.portraitUrl)
  }

  return {
    async summary(viewer: Viewer) {
      const since = new Date(clock.now().getTime() - 30 * DAY_MS)
      const [coins, spent, balance, earned] = await Promise.all([
        ledger.coins(viewer.userId),
        repo.spentCentsSince(viewer.userId, since),
        ledger.earningsCents(viewer.userId),
        repo.earnedCentsSince(viewer.userId, since),
      ])
      const level = spentLevelOf(spent)
      // Fans who earned referral shares have a payout wallet too.
      const earns = viewer.userRole === UserRole.Creator || balance > 0 || earned > 0
      return {
        coins,
        spent_cents_30d: spent,
        spent_level: level.level,
        spent_label: level.label,
        balance: earns ? balance : null,
        earned_cents_30d: earns ? earned : null,
      }
    },

    async transactions(
      viewer: Viewer,
      input: { cursor?: string | undefined; limit: number; filter: TransactionFilter },
    ) {
      const rows = await repo.statement(viewer.userId, {
        ...FILTERS[input.filter],
        beforeId: decodeIdCursor(input.cursor),
        limit: input.limit + 1,
      })
      const hasNext = rows.length > input.limit
      const shown = hasNext ? rows.slice(0, input.limit) : rows
      const others = shown.map((row) => counterpartyOf(row, viewer.userId)).filter((id) => id !== null)
      const cards = await repo.userCards(others)
      const last = shown.at(-1)
      return {
        list: shown.map((row) => presentTransaction(row, viewer.userId, cards, deps.portraitUrl)),
        cursor: hasNext && last ? String(last.id) : null,
        has_next: hasNext,
      }
    },

    /**
     * Unlocks a PPV post with coins, once per fan and post: a second call (any key) answers "already
     * unlocked" without charging. Refused when the post is not sold with coins, is the fan's own, or its
     * price is no longer the one the fan saw.
     */
    async unlock(viewer: Viewer, input: { post_id: number; price: number }, ip: string, key: string) {
      const fanId = viewer.userId
      const { row, access } = await posts.reach(fanId, input.post_id, ip)
      if (row.authorId === fanId) throw new AppError('CannotBuyOwn')
      // A PPV post open to a fan is theirs already (an unlock row without a sale, e.g. granted by support).
      const openAlready = access.open && row.visibility === Visibility.PPV
      if (!isPaidVisibility(row.visibility) || row.price === null) throw new AppError('NotForSale')
      const price = row.price
      const item = { type: 'post', id: String(row.id) }
      const answer = await purchases.checkout(
        { buyerId: fanId, coins: input.price, idempotency: { key, scope: unlockPost.path, params: input } },
        async (tx, buy): Promise<Omit<UnlockAnswer, 'post'>> => {
          const bought = await buy({
            kind: 'postUnlock',
            buyerId: fanId,
            sellerId: row.authorId,
            price: { coins: price },
            // One key per fan and post: a second unlock with another Idempotency-Key finds this transfer.
            key: `unlock:${fanId}:${item.id}`,
            item,
            description: 'Unlocked a post',
            meta: { post_id: row.id },
            owned: async () => openAlready || (await ledger.unlockOf(fanId, item, tx)) !== null,
            seen: { coins: input.price, changed: () => new AppError('PriceChanged') },
            grant: () => entitlements.grantUnlock(fanId, row.id, tx),
            notice: async () => ({
              userId: row.authorId,
              item: Notices.itemPurchased({
                buyer: noticePerson(await fanCard(fanId), 'A fan'),
                link: `/post?id=${row.id}`,
                summary: WalletTexts.purchaseSummary(price),
                coins: price,
              }),
            }),
          })
          return {
            charged: bought.charged,
            coins_spent: bought.charged ? price : 0,
            coins: await ledger.coins(fanId, tx),
          }
        },
      )
      const { post } = await posts.detail(viewer, row.id, ip)
      return { ...answer, post }
    },

    /** Sends a creator a gift in coins, from their profile or one of their posts. */
    async sendGift(
      viewer: Viewer,
      input: { gift_id: number; creator_id: number; post_id: number | null; message: string | null },
      ip: string,
      key: string,
    ): Promise<SendGiftAnswer> {
      const fanId = viewer.userId
      const gift = giftById(input.gift_id)
      if (!gift) throw new AppError('GiftNotFound')
      if (input.creator_id === fanId) throw new AppError('CannotGiftSelf')
      await assertCanGift(fanId, input, ip)
      const message = input.message?.trim() || null
      return purchases.checkout(
        { buyerId: fanId, coins: gift.coins, idempotency: { key, scope: sendGift.path, params: input } },
        async (tx, buy) => {
          await buy({
            kind: 'gift',
            buyerId: fanId,
            sellerId: input.creator_id,
            price: { coins: gift.coins },
            key: `gift:${fanId}:${key}`,
            item: { type: 'gift', id: String(gift.id) },
            description: `Gift: ${gift.name}`,
            meta: { gift_id: gift.id, post_id: input.post_id, message },
            notice: () => giftNotice(fanId, input, gift, message),
          })
          return {
            gift_id: gift.id,
            animation: gift.animation,
            coins_spent: gift.coins,
            coins: await ledger.coins(fanId, tx),
          }
        },
      )
    },
  }

  /** The recipient is a verified creator the fan can reach (blocks, blocked places; the post is theirs). */
  async function assertCanGift(
    fanId: number,
    input: { creator_id: number; post_id: number | null },
    ip: string,
  ) {
    try {
      await deps.creator.assertVerifiedCreator(input.creator_id)
    } catch (error) {
      if (error instanceof AppError) throw new AppError('GiftRecipientInvalid')
      throw error
    }
    if (input.post_id !== null) {
      const { row } = await posts.reach(fanId, input.post_id, ip)
      if (row.authorId !== input.creator_id) throw new AppError('PostNotFound')
      return
    }
    const { listed } = await entitlements.reachAuthor(fanId, input.creator_id, ip)
    if (!listed) throw new AppError('UserUnavailable')
  }

  async function giftNotice(
    fanId: number,
    input: { creator_id: number; post_id: number | null },
    gift: Gift,
    message: string | null,
  ) {
    const summary = WalletTexts.giftSummary(gift.name, gift.coins)
    return {
      userId: input.creator_id,
      item: Notices.giftReceived({
        fan: noticePerson(await fanCard(fanId), 'A fan'),
        link: input.post_id !== null ? `/post?id=${input.post_id}` : '/pay/transactions?filter=earnings',
        summary: message ? `${summary}: ${message}` : summary,
        coins: gift.coins,
        content: message ?? summary,
      }),
    }
  }
}

export type WalletService = ReturnType<typeof createWalletService>
