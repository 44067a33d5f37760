import {
  Authorship,
  type ChatSpendAnswer,
  ChatTexts,
  chatTip,
  chatUnlock,
  type Gift,
  giftById,
  MsgType,
  type PaidMessageSettings,
} from '@velvet/contract'
import type { FastifyBaseLogger } from 'fastify'
import type { Clock } from '../../platform/clock.ts'
import type { Tx } from '../../platform/db.ts'
import { AppError } from '../../platform/errors.ts'
import type { Viewer } from '../../platform/http.ts'
import type { CreatorService } from '../creator/service.ts'
import { TransferKind } from '../ledger/accounts.ts'
import type { Bought, Purchase, Purchases } from '../ledger/purchase.ts'
import type { Sales } from '../ledger/sales.ts'
import type { LedgerService } from '../ledger/service.ts'
import { type NoticePerson, Notices, noticePerson } from '../notifications/payloads.ts'
import type { NotificationService } from '../notifications/service.ts'
import type { Messaging } from './messaging.ts'
import type { PaidChatRepo } from './paid-repo.ts'
import { sendCost } from './policy.ts'
import { isCreator, presentSettings } from './presenters.ts'
import type { ChatRepo, MessageRow, PeerRow, SideRow } from './repo.ts'

export interface PaidChatDeps {
  repo: ChatRepo
  paidRepo: PaidChatRepo
  messaging: Messaging
  ledger: Pick<LedgerService, 'coins'>
  /** The one purchase path: unlocks, paid messages and tips are sales, with their notices. */
  purchases: Pick<Purchases, 'checkout'>
  /** The refund of an unanswered paid message reverses its sale. */
  sales: Pick<Sales, 'reverse'>
  notifications: Pick<NotificationService, 'publish'>
  creator: Pick<CreatorService, 'assertVerifiedCreator'>
  clock: Clock
  portraitUrl: (key: string) => string
  log: FastifyBaseLogger
}

/**
 * Paid chat: PPV messages unlocked with coins, tips and gifts as messages, messages to a creator who charges
 * for them (held until the creator replies, refunded by a job otherwise) and the creator's settings. Every
 * sale goes through the one purchase path (ledger/purchase.ts), in the transaction that stores the message.
 */
export function createPaidChat(deps: PaidChatDeps) {
  const { repo, paidRepo, messaging, ledger, purchases, sales, clock, log } = deps
  const person = (row: PeerRow | null, fallback: string): NoticePerson =>
    noticePerson(row, fallback, deps.portraitUrl)

  /**
   * Inside the send's transaction: what this message costs the sender (the recipient's paid message price
   * after the free allowance), charged now at the price the sender saw, and held for the creator's reply.
   */
  async function chargeIfPaid(
    tx: Tx,
    buy: (purchase: Purchase) => Promise<Bought>,
    message: MessageRow,
    sender: PeerRow,
    recipient: PeerRow,
    paidPrice: number,
  ): Promise<MessageRow> {
    if (!isCreator(recipient)) return message
    const settings = await paidRepo.paidSettings(recipient.id, tx)
    if (!settings || settings.price === 0) return message
    const side = await paidRepo.lockSide(tx, sender.id, message.conversationId)
    if (!side) throw new AppError('ConversationNotFound')
    const cost = sendCost({
      senderIsCreator: isCreator(sender),
      recipientIsCreator: true,
      settings,
      senderIsMember: await paidRepo.isMember(sender.id, recipient.id, clock.now(), tx),
      freeUsed: side.freeUsed,
    })
    if (cost.freeLeft === null) return message
    if (cost.price === 0) {
      await paidRepo.useFreeMessage(tx, sender.id, message.conversationId)
      return message
    }
    // The sender confirmed another price (or none): nothing is stored, the client shows the new one.
    if (paidPrice !== cost.price) throw new AppError('MessagePriceChanged')
    const coins = cost.price
    await buy({
      kind: 'paidMessage',
      buyerId: sender.id,
      sellerId: recipient.id,
      price: { coins },
      key: `paid_message:${message.id}`,
      item: { type: 'message', id: String(message.id) },
      description: 'Paid message',
      meta: { message_id: message.id },
      // Held until the creator replies (or refunded by the job).
      grant: (sale) =>
        paidRepo.insertPaidMessage(tx, {
          messageId: message.id,
          conversationId: message.conversationId,
          fanId: sender.id,
          creatorId: recipient.id,
          coins,
          transferId: sale.transfer.id,
          createdAt: message.createdAt,
        }),
      // A paid message is a sale: the creator hears of it as of any purchase (and their day's earnings
      // summary counts it), whether or not the conversation is muted.
      notice: async () => ({
        userId: recipient.id,
        item: Notices.itemPurchased({
          buyer: person(sender, 'A fan'),
          link: `/chatRoom?u1=${recipient.id}&u2=${sender.id}`,
          summary: `paid ${coins} coins to message you`,
          coins,
        }),
      }),
    })
    return paidRepo.setPaidCoins(tx, message.id, coins)
  }

  return {
    chargeIfPaid,

    /**
     * Unlocks a PPV message with coins, once per fan and content: a second call (any key), or the same
     * photos in another message, answer "already unlocked" without charging.
     */
    async unlock(
      viewer: Viewer,
      input: { message_id: number; price: number },
      key: string,
    ): Promise<ChatSpendAnswer> {
      const fanId = viewer.userId
      const row = await repo.message(input.message_id)
      const side = row ? await repo.sideOf(fanId, row.conversationId) : null
      if (!row || !side) throw new AppError('ConversationNotFound')
      if (row.senderId === fanId || row.price === null || !row.contentKey)
        throw new AppError('MessageNotForSale')
      await messaging.assertCanTalk(fanId, await repo.person(side.peerId), false)
      const item = { type: 'chat_media', id: row.contentKey }
      const price = row.price
      const answer = await purchases.checkout(
        { buyerId: fanId, coins: input.price, idempotency: { key, scope: chatUnlock.path, params: input } },
        async (tx, buy) => {
          // The sides before the money, like every chat transaction (the sale marks the creator's side).
          await repo.lockSides(tx, row.conversationId, [fanId, row.senderId])
          const bought = await buy({
            kind: 'messageUnlock',
            buyerId: fanId,
            sellerId: row.senderId,
            price: { coins: price },
            // One key per fan and content: another unlock of the same photos finds this transfer.
            key: `unlock:${fanId}:chat_media:${item.id}`,
            item,
            description: 'Unlocked a message',
            meta: { message_id: row.id },
            owned: async () => (await paidRepo.unlockedContents(fanId, [item.id], tx)).size > 0,
            seen: {
              coins: input.price,
              changed: () =>
                new AppError('PriceChanged', {
                  message: 'The price of this message has changed. Please check the new price.',
                }),
            },
            grant: () => repo.markPeerSpent(tx, row.senderId, row.conversationId),
            notice: async () => ({
              userId: row.senderId,
              item: Notices.itemPurchased({
                buyer: person(await repo.person(fanId), 'A fan'),
                link: `/chatRoom?u1=${row.senderId}&u2=${fanId}`,
                summary: `unlocked your message for ${price} coins`,
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
      return { ...answer, message: await messaging.presentOne(row, fanId) }
    },

    /** A tip in coins or a gift from the catalogue, as a message to a creator (fan to creator). */
    async tip(
      viewer: Viewer,
      input: {
        conversation_id: string
        client_msg_id: string
        coins: number | null
        gift_id: number | null
        text: string
      },
      key: string,
    ): Promise<ChatSpendAnswer> {
      const side = await messaging.sideFor(viewer, input.conversation_id)
      const peer = await repo.person(side.peerId)
      const me = await messaging.assertCanTalk(viewer.userId, peer, false)
      const creator = peer as PeerRow
      if (!isCreator(creator)) throw new AppError('ChatTipNotAllowed')
      let gift: Gift | undefined
      if (input.gift_id !== null) {
        gift = giftById(input.gift_id)
        if (!gift) throw new AppError('GiftNotFound')
      }
      const coins = gift?.coins ?? input.coins ?? 0
      const line = gift ? ChatTexts.giftLine(gift.name, coins) : ChatTexts.tipLine(coins)
      const at = clock.now()
      let delivered: { row: MessageRow; recipient: SideRow } | null = null
      const answer = await purchases.checkout(
        {
          buyerId: viewer.userId,
          coins,
          idempotency: { key, scope: chatTip.path, params: input },
          // The message reaches both sides' sockets before the creator's notice.
          afterCommit: () => {
            const sent = delivered as { row: MessageRow; recipient: SideRow } | null
            if (sent) messaging.announce(sent.row, sent.recipient, side.muted)
          },
        },
        async (tx, buy) => {
          // A retried transaction runs this again from the start.
          delivered = null
          const outcome = await messaging.store(
            tx,
            {
              conversationId: side.conversationId,
              senderId: viewer.userId,
              clientMsgId: input.client_msg_id,
              msgType: gift ? MsgType.Gift : MsgType.Tip,
              text: input.text,
              authorship: Authorship.Creator,
              createdAt: at,
              coins,
              giftId: gift?.id ?? null,
            },
            creator.id,
            {
              senderIsFan: true,
              charge: async (row) => {
                await buy({
                  kind: 'chatTip',
                  buyerId: viewer.userId,
                  sellerId: creator.id,
                  price: { coins },
                  key: `chat_tip:${row.id}`,
                  item: gift ? { type: 'gift', id: String(gift.id) } : { type: 'tip', id: String(row.id) },
                  description: gift ? `Gift: ${gift.name}` : 'Tip in chat',
                  // The fan's words with it, for both statements.
                  meta: { message_id: row.id, gift_id: gift?.id ?? null, message: input.text.trim() || null },
                  notice: async () => ({
                    userId: creator.id,
                    item: Notices.giftReceived({
                      fan: person(me, 'A fan'),
                      link: `/chatRoom?u1=${creator.id}&u2=${viewer.userId}`,
                      summary: line,
                      coins,
                      content: input.text || line,
                    }),
                  }),
                })
                return row
              },
            },
          )
          if (outcome.created && outcome.recipient) delivered = outcome
          return {
            message_id: outcome.row.id,
            charged: outcome.created,
            coins_spent: outcome.created ? coins : 0,
            coins: await ledger.coins(viewer.userId, tx),
          }
        },
      )
      const row = await repo.message(answer.message_id)
      if (!row) throw new Error('the tip message is missing')
      const { message_id: _, ...money } = answer
      return { ...money, message: await messaging.presentOne(row, viewer.userId) }
    },

    async paidSettings(viewer: Viewer): Promise<{ settings: PaidMessageSettings }> {
      return { settings: presentSettings(await paidRepo.paidSettings(viewer.userId)) }
    },

    /** /setting/paid_message: verified creators only. */
    async savePaidSettings(viewer: Viewer, input: PaidMessageSettings) {
      await deps.creator.assertVerifiedCreator(viewer.userId)
      const row = await paidRepo.savePaidSettings(
        {
          creatorId: viewer.userId,
          price: input.price,
          membersFree: input.members_free,
          creatorsFree: input.creators_free,
        },
        clock.now(),
      )
      return { settings: presentSettings(row) }
    },

    /**
     * Refunds paid messages the creator has not answered within ChatRules.replyWithinHours (the refund
     * job), each once: the claim and the ledger refund commit together. Answers how many were refunded.
     */
    async refundUnanswered(olderThanMs: number, batch = 200): Promise<number> {
      const due = await paidRepo.unansweredPaidMessages(new Date(clock.now().getTime() - olderThanMs), batch)
      let refunded = 0
      for (const paid of due) {
        const done = await repo.db.transaction(async (tx) => {
          const claimed = await paidRepo.claimRefund(tx, paid.messageId, clock.now())
          if (!claimed) return false
          const saleKey = `paid_message:${paid.messageId}`
          await sales.reverse(
            saleKey,
            {
              kind: TransferKind.Refund,
              key: `${saleKey}:refund`,
              description: 'Refund: unanswered paid message',
            },
            tx,
          )
          return true
        })
        if (!done) continue
        refunded += 1
        const item = Notices.paidMessageRefunded({
          creator: person(await repo.person(paid.creatorId), 'The creator'),
          fanId: paid.fanId,
          creatorId: paid.creatorId,
          coins: paid.coins,
          content: ChatTexts.refunded,
        })
        try {
          await deps.notifications.publish(paid.fanId, item)
        } catch (err) {
          log.warn({ err, userId: paid.fanId }, 'chat money notification failed')
        }
      }
      return refunded
    },
  }
}

export type PaidChat = ReturnType<typeof createPaidChat>
