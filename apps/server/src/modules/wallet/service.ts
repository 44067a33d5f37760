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
  WalletNotifyType,
  WalletTexts,
} from '@velvet/contract'
import type { FastifyBaseLogger } from 'fastify'
import type { Clock } from '../../platform/clock.ts'
import type { Tx } from '../../platform/db.ts'
import { AppError } from '../../platform/errors.ts'
import type { Viewer } from '../../platform/http.ts'
import type { CreatorService } from '../creator/service.ts'
import type { EntitlementService } from '../entitlements/service.ts'
import { TransferKind } from '../ledger/accounts.ts'
import type { Sales } from '../ledger/sales.ts'
import { LedgerRefusal, type LedgerService } from '../ledger/service.ts'
import type { NotificationService } from '../notifications/service.ts'
import type { PostViewService } from '../posts/view-service.ts'
import { decodeIdCursor } from '../social/cursor.ts'
import { counterpartyOf, presentCard, presentTransaction } from './presenters.ts'
import { SPENDING_KINDS, type StatementQuery, type WalletRepo } from './repo.ts'
import { notEnoughCoins } from './spending.ts'

const DAY_MS = 86_400_000

export interface WalletServiceDeps {
  repo: WalletRepo
  ledger: Pick<LedgerService, 'coins' | 'earningsCents' | 'idempotent' | 'unlockOf'>
  sales: Pick<Sales, 'sell'>
  entitlements: Pick<EntitlementService, 'grantUnlock' | 'reachAuthor'>
  /** Posts as post detail shows them (reach: blocks, places, paywall; detail: the presented post). */
  posts: Pick<PostViewService, 'reach' | 'detail'>
  creator: Pick<CreatorService, 'assertVerifiedCreator'>
  notifications: Pick<NotificationService, 'publish'>
  clock: Clock
  portraitUrl: (key: string) => string
  log: FastifyBaseLogger
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

/** Fans spend: the wallet, its statement, PPV unlocks and gifts (issue 6). */
export function createWalletService(deps: WalletServiceDeps) {
  const { repo, ledger, sales, entitlements, posts, clock, log } = deps

  /** Runs a coin sale; a short wallet becomes 5004 with the coins missing (nothing was written). */
  async function spending<T>(userId: number, price: number, run: () => Promise<T>): Promise<T> {
    try {
      return await run()
    } catch (error) {
      if (error instanceof LedgerRefusal && error.reason === 'insufficient_funds') {
        throw notEnoughCoins(Math.max(1, price - (await ledger.coins(userId))))
      }
      throw error
    }
  }

  /** Tells a creator about a sale; a failed notification never fails the sale. */
  async function notify(
    creatorId: number,
    fanId: number,
    item: Parameters<NotificationService['publish']>[1],
  ) {
    try {
      await deps.notifications.publish(creatorId, item)
    } catch (err) {
      log.warn({ err, creatorId, fanId }, 'sale notification failed')
    }
  }

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
      let sold = false
      const answer = await spending(fanId, input.price, () =>
        ledger.idempotent(
          { userId: fanId, key, scope: unlockPost.path, params: input },
          async (tx): Promise<Omit<UnlockAnswer, 'post'>> => {
            // A retried transaction runs this again from the start.
            sold = false
            const owned = await ledger.unlockOf(fanId, item, tx)
            if (owned || openAlready)
              return { charged: false, coins_spent: 0, coins: await ledger.coins(fanId, tx) }
            if (price !== input.price) throw new AppError('PriceChanged')
            const sale = await sellUnlock(tx, fanId, row.authorId, item, input.price)
            await entitlements.grantUnlock(fanId, row.id, tx)
            sold = sale.created
            return {
              charged: sale.created,
              coins_spent: sale.created ? input.price : 0,
              coins: await ledger.coins(fanId, tx),
            }
          },
        ),
      )
      if (sold) {
        const fan = await fanCard(fanId)
        await notify(row.authorId, fanId, {
          notify_type: WalletNotifyType.ItemPurchased,
          is_show: 1,
          is_add: 1,
          show_seconds: null,
          link: `/post?id=${row.id}`,
          left: { content: fan.portrait, type: 1 },
          middle: {
            title: fan.nickname ?? fan.user_name ?? 'A fan',
            summary: WalletTexts.purchaseSummary(input.price),
          },
          right: null,
          meta: { tokens: input.price },
          content: WalletTexts.purchaseSummary(input.price),
        })
      }
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
      let sold = false
      const answer = await spending(fanId, gift.coins, () =>
        ledger.idempotent({ userId: fanId, key, scope: sendGift.path, params: input }, async (tx) => {
          const sale = await sales.sell(
            {
              key: `gift:${fanId}:${key}`,
              kind: TransferKind.Gift,
              buyerId: fanId,
              creatorId: input.creator_id,
              item: { type: 'gift', id: String(gift.id) },
              payment: { coins: gift.coins },
              description: `Gift: ${gift.name}`,
              meta: { gift_id: gift.id, post_id: input.post_id, message },
            },
            tx,
          )
          sold = sale.created
          return {
            gift_id: gift.id,
            animation: gift.animation,
            coins_spent: gift.coins,
            coins: await ledger.coins(fanId, tx),
          }
        }),
      )
      if (sold) await notifyGift(fanId, input, gift, message)
      return answer
    },
  }

  function sellUnlock(
    tx: Tx,
    fanId: number,
    creatorId: number,
    item: { type: string; id: string },
    coins: number,
  ) {
    return sales
      .sell(
        {
          // One key per fan and post: a second unlock with another Idempotency-Key finds this transfer.
          key: `unlock:${fanId}:${item.id}`,
          kind: TransferKind.Unlock,
          buyerId: fanId,
          creatorId,
          item,
          payment: { coins },
          description: 'Unlocked a post',
          meta: { post_id: Number(item.id) },
        },
        tx,
      )
      .catch((error: unknown) => {
        // The unlock exists under another key (the unique buyer + item): the post is already theirs.
        if (error instanceof LedgerRefusal && error.reason === 'already_owned') return { created: false }
        throw error
      })
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

  async function notifyGift(
    fanId: number,
    input: { creator_id: number; post_id: number | null },
    gift: Gift,
    message: string | null,
  ) {
    const fan = await fanCard(fanId)
    const summary = WalletTexts.giftSummary(gift.name, gift.coins)
    await notify(input.creator_id, fanId, {
      notify_type: WalletNotifyType.GiftReceived,
      is_show: 1,
      is_add: 1,
      show_seconds: null,
      link: input.post_id !== null ? `/post?id=${input.post_id}` : '/pay/transactions?filter=earnings',
      left: { content: fan.portrait, type: 1 },
      middle: {
        title: fan.nickname ?? fan.user_name ?? 'A fan',
        summary: message ? `${summary}: ${message}` : summary,
      },
      right: null,
      meta: { tokens: gift.coins },
      content: message ?? summary,
    })
  }
}

export type WalletService = ReturnType<typeof createWalletService>
