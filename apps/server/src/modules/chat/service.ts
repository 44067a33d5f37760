import {
  Authorship,
  type ChatMessage,
  type ChatSpendAnswer,
  ChatTexts,
  type Conversation,
  type ConversationFilter,
  chatTip,
  chatUnlock,
  type Gift,
  giftById,
  MediaState,
  MsgType,
  NotifyType,
  type PaidMessageSettings,
  type PostMedia,
  SocketChannels,
  UserRole,
} from '@velvet/contract'
import type { FastifyBaseLogger } from 'fastify'
import type { Clock } from '../../platform/clock.ts'
import type { Tx } from '../../platform/db.ts'
import { AppError } from '../../platform/errors.ts'
import type { Viewer } from '../../platform/http.ts'
import type { Realtime } from '../../platform/realtime.ts'
import type { CreatorService } from '../creator/service.ts'
import { TransferKind } from '../ledger/accounts.ts'
import type { Sales } from '../ledger/sales.ts'
import { LedgerRefusal, type LedgerService } from '../ledger/service.ts'
import type { MediaRecord, MediaService } from '../media/types.ts'
import type { NotificationService } from '../notifications/service.ts'
import { decodeCursor, decodeIdCursor, idPageFrom, pageFrom } from '../social/cursor.ts'
import type { SocialService } from '../social/service.ts'
import { presentCard } from '../wallet/presenters.ts'
import { notEnoughCoins } from '../wallet/spending.ts'
import { contentKeyOf, sendCost } from './policy.ts'
import type { ChatRepo, ConversationRow, MessageRow, NewMessage, PeerRow, SideRow } from './repo.ts'

export interface ChatServiceDeps {
  repo: ChatRepo
  social: Pick<SocialService, 'relation'>
  realtime: Pick<Realtime, 'publish' | 'isOnline'>
  /** A message to someone offline becomes a notification (NotifyType.ChatMessage): stored and pushed. */
  notifications: Pick<NotificationService, 'publish'>
  media: Pick<MediaService, 'findOwned' | 'findMany' | 'urlsFor'>
  ledger: Pick<LedgerService, 'coins' | 'idempotent'>
  sales: Pick<Sales, 'sell' | 'reverse'>
  creator: Pick<CreatorService, 'assertVerifiedCreator'>
  clock: Clock
  portraitUrl: (key: string) => string
  log: FastifyBaseLogger
}

/** Microseconds since the epoch (spec §3 timetoken). */
const timetokenOf = (at: Date) => at.getTime() * 1000

/** What presenting messages for one viewer needs besides the rows. */
interface MessageViewContext {
  viewerId: number
  media: Map<number, MediaRecord>
  /** PPV contents the viewer has unlocked. */
  unlocked: Set<string>
  /** Paid messages whose coins went back. */
  refunded: Set<number>
  urlsFor: MediaService['urlsFor']
}

/**
 * A message as one viewer sees it. A PPV message the viewer has not unlocked keeps each media's kind, size,
 * duration and blurred preview, never a url; every field is listed so a new column never leaks by itself.
 */
function presentMessage(row: MessageRow, ctx: MessageViewContext): ChatMessage {
  const mine = row.senderId === ctx.viewerId
  const locked = row.price !== null && !mine && !(row.contentKey && ctx.unlocked.has(row.contentKey))
  const media: PostMedia[] = []
  for (const id of row.mediaIds) {
    const record = ctx.media.get(id)
    if (!record) continue
    media.push({
      media_id: record.id,
      kind: record.kind,
      state: record.state,
      width: record.width,
      height: record.height,
      duration: record.durationMs === null ? null : record.durationMs / 1000,
      is_free_preview: false,
      preview: record.preview,
      urls: locked ? null : ctx.urlsFor(record, ctx.viewerId),
    })
  }
  return {
    message_id: row.id,
    conversation_id: String(row.conversationId),
    sender: { id: row.senderId },
    msg_type: row.msgType,
    text: row.text,
    client_msg_id: row.clientMsgId,
    timetoken: timetokenOf(row.createdAt),
    authorship: mine ? row.authorship : null,
    media,
    price: row.price,
    locked,
    coins: row.coins,
    gift_id: row.giftId,
    paid_coins: row.paidCoins,
    refunded: ctx.refunded.has(row.id),
  }
}

const isCreator = (person: PeerRow) => person.deletedAt === null && person.userRole === UserRole.Creator

function presentConversation(
  row: Omit<ConversationRow, 'cursor'>,
  viewerIsCreator: boolean,
  portraitUrl: (key: string) => string,
): Conversation {
  const { side, peer, last } = row
  const cost = sendCost({
    senderIsCreator: viewerIsCreator,
    recipientIsCreator: isCreator(peer),
    settings: row.peerSettings,
    senderIsMember: row.isMember,
    freeUsed: side.freeUsed,
  })
  return {
    conversation_id: String(side.conversationId),
    peer: { ...presentCard(peer.id, peer, portraitUrl), is_creator: isCreator(peer) },
    last_message: last
      ? {
          message_id: last.id,
          sender: { id: last.senderId },
          msg_type: last.msgType,
          text: last.text,
          timetoken: timetokenOf(last.createdAt),
        }
      : null,
    unread: side.unread,
    mute: side.muted ? 1 : 0,
    has_spent: side.peerHasSpent,
    peer_read_id: row.peerReadId,
    send_price: cost.price,
    free_left: cost.freeLeft,
  }
}

function presentSettings(row: { price: number; membersFree: boolean; creatorsFree: boolean } | null) {
  return {
    price: row?.price ?? 0,
    members_free: row?.membersFree ?? true,
    creators_free: row?.creatorsFree ?? true,
  }
}

/** The message kind of what a message carries. */
function msgTypeOf(content: { mediaCount: number; hasVideo: boolean; price: number | null }): MsgType {
  if (content.price !== null) return MsgType.Ppv
  if (content.hasVideo) return MsgType.Video
  if (content.mediaCount > 0) return MsgType.Image
  return MsgType.Text
}

/**
 * One-to-one chat (issue 7). Who may talk: a conversation has a creator on at least one side; a fan opens one
 * with a creator, a creator with a fan who follows them (or who wrote first). Blocks either way close it.
 * A message is stored once per (sender, client_msg_id), with both sides' counters, and any money it moves
 * (a paid message, a tip), in the same transaction, then pushed on `chat_message` to both users' sockets
 * (every process, through the Redis adapter when set).
 */
export function createChatService(deps: ChatServiceDeps) {
  const { repo, social, realtime, clock, log, media, ledger, sales } = deps

  /** The viewer's side of a conversation, or 6001 (also for someone else's conversation). */
  async function sideFor(viewer: Viewer, text: string) {
    const id = Number(text)
    const side = Number.isSafeInteger(id) && id > 0 ? await repo.sideOf(viewer.userId, id) : null
    if (!side) throw new AppError('ConversationNotFound')
    return side
  }

  /**
   * Both people may still talk: neither deleted nor blocked either way, and a creator among them; a creator
   * starting a new conversation (`starting`) needs the fan to follow them.
   */
  async function assertCanTalk(viewerId: number, peer: PeerRow | null, starting: boolean): Promise<PeerRow> {
    if (!peer || peer.deletedAt !== null || peer.id === viewerId) throw new AppError('ChatNotAllowed')
    const relation = await social.relation(viewerId, peer.id)
    if (relation.blockedByMe || relation.blockedMe) throw new AppError('ChatNotAllowed')
    const me = await repo.person(viewerId)
    if (!me || (!isCreator(me) && !isCreator(peer))) throw new AppError('ChatNotAllowed')
    // A creator starts a conversation only with a fan who follows them (no cold messages to strangers).
    if (starting && isCreator(me) && !isCreator(peer)) {
      const back = await social.relation(peer.id, viewerId)
      if (!back.isFollowing) throw new AppError('ChatNotAllowed')
    }
    return me
  }

  /** Presents messages for one viewer: their media, which PPV contents they own, refunds. */
  async function presentAll(rows: MessageRow[], viewerId: number): Promise<ChatMessage[]> {
    const mediaIds = [...new Set(rows.flatMap((row) => row.mediaIds))]
    const keys = rows
      .filter((row) => row.price !== null && row.senderId !== viewerId && row.contentKey)
      .map((row) => row.contentKey as string)
    const paid = rows.filter((row) => row.paidCoins !== null).map((row) => row.id)
    const [records, unlocked, refunded] = await Promise.all([
      mediaIds.length > 0 ? media.findMany(mediaIds) : new Map<number, MediaRecord>(),
      repo.unlockedContents(viewerId, [...new Set(keys)]),
      repo.refundedOf(paid),
    ])
    const ctx = { viewerId, media: records, unlocked, refunded, urlsFor: media.urlsFor }
    return rows.map((row) => presentMessage(row, ctx))
  }

  async function presentOne(row: MessageRow, viewerId: number): Promise<ChatMessage> {
    const [message] = await presentAll([row], viewerId)
    if (!message) throw new Error('a presented message is missing')
    return message
  }

  /** Runs a coin spend; a short wallet becomes 5004 with the coins missing (nothing was written). */
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

  /** Someone with no open socket hears of a message by web push (and finds it in /notifications). */
  async function notifyIfOffline(recipientId: number, sender: PeerRow | null, message: MessageRow) {
    try {
      if (await realtime.isOnline(recipientId)) return
      const name = sender?.nickname ?? sender?.userName ?? 'Someone'
      await deps.notifications.publish(recipientId, {
        notify_type: NotifyType.ChatMessage,
        is_show: 1,
        is_add: 1,
        show_seconds: null,
        link: `/chatRoom?u1=${recipientId}&u2=${message.senderId}`,
        left: { content: sender?.portrait ? deps.portraitUrl(sender.portrait) : null, type: 1 },
        middle: { title: name, summary: 'sent you a message' },
        right: null,
        meta: { conversation_id: String(message.conversationId) },
        content: message.text.slice(0, 200) || summaryOf(message),
      })
    } catch (err) {
      log.warn({ err, recipientId }, 'message notification failed')
    }
  }

  /** Tells a user something about money in chat; a failed notice never fails the change. */
  async function tell(userId: number, item: Parameters<NotificationService['publish']>[1]) {
    try {
      await deps.notifications.publish(userId, item)
    } catch (err) {
      log.warn({ err, userId }, 'chat money notification failed')
    }
  }

  /** After the commit: `chat_message` to both users' sockets (the recipient's with its own flags). */
  function announce(message: MessageRow, recipient: SideRow, senderMuted: boolean) {
    const event = {
      conversation_id: String(message.conversationId),
      sender: { id: message.senderId },
      msg_type: message.msgType,
      has_spent: recipient.peerHasSpent,
      timetoken: timetokenOf(message.createdAt),
    }
    try {
      realtime.publish({ userId: recipient.userId }, SocketChannels.chatMessage, {
        ...event,
        mute: recipient.muted ? 1 : 0,
      })
      // The sender's other tabs and devices show it too.
      realtime.publish({ userId: message.senderId }, SocketChannels.chatMessage, {
        ...event,
        mute: senderMuted ? 1 : 0,
      })
    } catch (err) {
      log.warn({ err, conversation: message.conversationId }, 'chat_message delivery failed')
    }
  }

  async function present(viewer: Viewer, id: number): Promise<Conversation> {
    const row = await repo.conversationOf(viewer.userId, id, clock.now())
    if (!row) throw new AppError('ConversationNotFound')
    return presentConversation(row, viewer.userRole === UserRole.Creator, deps.portraitUrl)
  }

  /** The sender's own ready uploads, in the order given; 6003 when one is missing or not ready. */
  async function readyMedia(senderId: number, ids: readonly number[]): Promise<MediaRecord[]> {
    if (ids.length === 0) return []
    const owned = new Map((await media.findOwned(senderId, ids)).map((record) => [record.id, record]))
    return ids.map((id) => {
      const record = owned.get(id)
      if (!record || record.state !== MediaState.Ready) throw new AppError('ChatMediaInvalid')
      return record
    })
  }

  /**
   * Inside the send's transaction: what this message costs the sender (the recipient's paid message price
   * after the free allowance), charged now at the price the sender saw, and held for the creator's reply.
   */
  async function chargeIfPaid(
    tx: Tx,
    message: MessageRow,
    sender: PeerRow,
    recipient: PeerRow,
    paidPrice: number,
  ): Promise<MessageRow> {
    if (!isCreator(recipient)) return message
    const settings = await repo.paidSettings(recipient.id, tx)
    if (!settings || settings.price === 0) return message
    const side = await repo.lockSide(tx, sender.id, message.conversationId)
    if (!side) throw new AppError('ConversationNotFound')
    const cost = sendCost({
      senderIsCreator: isCreator(sender),
      recipientIsCreator: true,
      settings,
      senderIsMember: await repo.isMember(sender.id, recipient.id, clock.now(), tx),
      freeUsed: side.freeUsed,
    })
    if (cost.freeLeft === null) return message
    if (cost.price === 0) {
      await repo.useFreeMessage(tx, sender.id, message.conversationId)
      return message
    }
    // The sender confirmed another price (or none): nothing is stored, the client shows the new one.
    if (paidPrice !== cost.price) throw new AppError('MessagePriceChanged')
    const sale = await sales.sell(
      {
        key: `paid_message:${message.id}`,
        kind: TransferKind.PaidMessage,
        buyerId: sender.id,
        creatorId: recipient.id,
        item: { type: 'message', id: String(message.id) },
        payment: { coins: cost.price },
        description: 'Paid message',
        meta: { message_id: message.id },
      },
      tx,
    )
    await repo.insertPaidMessage(tx, {
      messageId: message.id,
      conversationId: message.conversationId,
      fanId: sender.id,
      creatorId: recipient.id,
      coins: cost.price,
      transferId: sale.transfer.id,
      createdAt: message.createdAt,
    })
    return repo.setPaidCoins(tx, message.id, cost.price)
  }

  /**
   * Stores a message and moves both sides (and, for a creator's reply, keeps the fan's paid messages) in
   * the caller's transaction. Answers the stored row, whether it is new and the recipient's side.
   */
  async function store(
    tx: Tx,
    message: NewMessage,
    recipientId: number,
    options: { senderIsFan: boolean; charge?: (row: MessageRow) => Promise<MessageRow> },
  ) {
    // Both sides first, in user id order, before the message and any money (see repo.lockSides).
    await repo.lockSides(tx, message.conversationId, [message.senderId, recipientId])
    const stored = await repo.insertMessage(tx, message)
    if (!stored.created) return { ...stored, recipient: null }
    const row = options.charge ? await options.charge(stored.row) : stored.row
    const spent = options.senderIsFan ? await repo.hasSpentWith(message.senderId, recipientId, tx) : false
    const recipient = await repo.recordMessage(tx, row, recipientId, spent)
    // A creator's reply settles the fan's paid messages waiting in this conversation.
    await repo.keepPaidMessages(tx, message.conversationId, message.senderId, message.createdAt)
    return { row, created: true, recipient }
  }

  return {
    async list(
      viewer: Viewer,
      input: { filter: ConversationFilter; q?: string; cursor?: string; limit: number },
    ) {
      const rows = await repo.conversationsPage(viewer.userId, {
        filter: input.filter,
        q: input.q || undefined,
        cursor: decodeCursor(input.cursor),
        limit: input.limit + 1,
        now: clock.now(),
      })
      const viewerIsCreator = viewer.userRole === UserRole.Creator
      return pageFrom(rows, input.limit, (row) => presentConversation(row, viewerIsCreator, deps.portraitUrl))
    },

    async open(viewer: Viewer, userId: number) {
      const peer = await repo.person(userId)
      const existing = await repo.conversationBetween(viewer.userId, userId)
      await assertCanTalk(viewer.userId, peer, existing === null)
      const id = existing ?? (await repo.openConversation(viewer.userId, userId, clock.now()))
      return { conversation: await present(viewer, id) }
    },

    async messages(viewer: Viewer, input: { conversation_id: string; cursor?: string; limit: number }) {
      const side = await sideFor(viewer, input.conversation_id)
      const rows = await repo.messages(side.conversationId, decodeIdCursor(input.cursor), input.limit + 1)
      const page = idPageFrom(rows, input.limit, (row) => row)
      return { ...page, list: await presentAll(page.list, viewer.userId) }
    },

    /**
     * Stores a message once per client id and moves both sides' counters (and a paid message's coins) in
     * one transaction; a retry answers the stored message and changes nothing. After the commit both
     * users' sockets get `chat_message` (the recipient's with its own mute and spender flag).
     */
    async send(
      viewer: Viewer,
      input: {
        conversation_id: string
        client_msg_id: string
        text: string
        media: number[]
        price: number | null
        paid_price: number
      },
    ) {
      const side = await sideFor(viewer, input.conversation_id)
      const peer = await repo.person(side.peerId)
      const me = await assertCanTalk(viewer.userId, peer, false)
      const recipientPerson = peer as PeerRow
      if ((input.media.length > 0 || input.price !== null) && !isCreator(me))
        throw new AppError('ChatMediaCreatorsOnly')
      const records = await readyMedia(viewer.userId, input.media)
      const at = clock.now()
      const outcome = await spending(viewer.userId, input.paid_price, () =>
        repo.db.transaction((tx) =>
          store(
            tx,
            {
              conversationId: side.conversationId,
              senderId: viewer.userId,
              clientMsgId: input.client_msg_id,
              msgType: msgTypeOf({
                mediaCount: records.length,
                hasVideo: records.some((record) => record.kind === 'video'),
                price: input.price,
              }),
              text: input.text,
              // Messages sent through this call are the account holder's own (chatters and the agent later).
              authorship: Authorship.Creator,
              createdAt: at,
              mediaIds: input.media,
              price: input.price,
              contentKey: input.price !== null ? contentKeyOf(viewer.userId, input.media) : null,
            },
            side.peerId,
            {
              senderIsFan: !isCreator(me),
              charge: (row) => chargeIfPaid(tx, row, me, recipientPerson, input.paid_price),
            },
          ),
        ),
      )
      if (outcome.created && outcome.recipient) {
        announce(outcome.row, outcome.recipient, side.muted)
        if (!outcome.recipient.muted) await notifyIfOffline(side.peerId, me, outcome.row)
        const coins = outcome.row.paidCoins
        // A paid message is a sale: the creator hears of it as of any purchase (and their day's earnings
        // summary counts it), whether or not the conversation is muted.
        if (coins !== null)
          await tell(side.peerId, {
            notify_type: NotifyType.ItemPurchased,
            is_show: 1,
            is_add: 1,
            show_seconds: null,
            link: `/chatRoom?u1=${side.peerId}&u2=${viewer.userId}`,
            left: { content: me.portrait ? deps.portraitUrl(me.portrait) : null, type: 1 },
            middle: {
              title: me.nickname ?? me.userName ?? 'A fan',
              summary: `paid ${coins} coins to message you`,
            },
            right: null,
            meta: { tokens: coins },
            content: `paid ${coins} coins to message you`,
          })
      }
      return { message: await presentOne(outcome.row, viewer.userId) }
    },

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
      await assertCanTalk(fanId, await repo.person(side.peerId), false)
      const item = { type: 'chat_media', id: row.contentKey }
      const price = row.price
      let sold = false
      const answer = await spending(fanId, input.price, () =>
        ledger.idempotent({ userId: fanId, key, scope: chatUnlock.path, params: input }, async (tx) => {
          // A retried transaction runs this again from the start.
          sold = false
          // The sides before the money, like every chat transaction (the sale marks the creator's side).
          await repo.lockSides(tx, row.conversationId, [fanId, row.senderId])
          const owned = await repo.unlockedContents(fanId, [item.id], tx)
          if (owned.size > 0) return { charged: false, coins_spent: 0, coins: await ledger.coins(fanId, tx) }
          if (price !== input.price)
            throw new AppError('PriceChanged', {
              message: 'The price of this message has changed. Please check the new price.',
            })
          const sale = await sales
            .sell(
              {
                // One key per fan and content: another unlock of the same photos finds this transfer.
                key: `unlock:${fanId}:chat_media:${item.id}`,
                kind: TransferKind.Unlock,
                buyerId: fanId,
                creatorId: row.senderId,
                item,
                payment: { coins: price },
                description: 'Unlocked a message',
                meta: { message_id: row.id },
              },
              tx,
            )
            .catch((error: unknown) => {
              if (error instanceof LedgerRefusal && error.reason === 'already_owned')
                return { created: false }
              throw error
            })
          sold = sale.created
          if (sold) await repo.markPeerSpent(tx, row.senderId, row.conversationId)
          return {
            charged: sale.created,
            coins_spent: sale.created ? price : 0,
            coins: await ledger.coins(fanId, tx),
          }
        }),
      )
      if (sold) {
        const fan = await repo.person(fanId)
        await tell(row.senderId, {
          notify_type: NotifyType.ItemPurchased,
          is_show: 1,
          is_add: 1,
          show_seconds: null,
          link: `/chatRoom?u1=${row.senderId}&u2=${fanId}`,
          left: { content: fan?.portrait ? deps.portraitUrl(fan.portrait) : null, type: 1 },
          middle: {
            title: fan?.nickname ?? fan?.userName ?? 'A fan',
            summary: `unlocked your message for ${price} coins`,
          },
          right: null,
          meta: { tokens: price },
          content: `unlocked your message for ${price} coins`,
        })
      }
      return { ...answer, message: await presentOne(row, fanId) }
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
      const side = await sideFor(viewer, input.conversation_id)
      const peer = await repo.person(side.peerId)
      const me = await assertCanTalk(viewer.userId, peer, false)
      const creator = peer as PeerRow
      if (!isCreator(creator)) throw new AppError('ChatTipNotAllowed')
      let gift: Gift | undefined
      if (input.gift_id !== null) {
        gift = giftById(input.gift_id)
        if (!gift) throw new AppError('GiftNotFound')
      }
      const coins = gift?.coins ?? input.coins ?? 0
      const at = clock.now()
      let delivered: { row: MessageRow; recipient: SideRow } | null = null
      const answer = await spending(viewer.userId, coins, () =>
        ledger.idempotent({ userId: viewer.userId, key, scope: chatTip.path, params: input }, async (tx) => {
          // A retried transaction runs this again from the start.
          delivered = null
          const outcome = await store(
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
                await sales.sell(
                  {
                    key: `chat_tip:${row.id}`,
                    kind: TransferKind.Gift,
                    buyerId: viewer.userId,
                    creatorId: creator.id,
                    item: gift ? { type: 'gift', id: String(gift.id) } : { type: 'tip', id: String(row.id) },
                    payment: { coins },
                    description: gift ? `Gift: ${gift.name}` : 'Tip in chat',
                    meta: { message_id: row.id, gift_id: gift?.id ?? null },
                  },
                  tx,
                )
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
        }),
      )
      const sent = delivered as { row: MessageRow; recipient: SideRow } | null
      if (sent) {
        announce(sent.row, sent.recipient, side.muted)
        const line = gift ? ChatTexts.giftLine(gift.name, coins) : ChatTexts.tipLine(coins)
        await tell(creator.id, {
          notify_type: NotifyType.GiftReceived,
          is_show: 1,
          is_add: 1,
          show_seconds: null,
          link: `/chatRoom?u1=${creator.id}&u2=${viewer.userId}`,
          left: { content: me.portrait ? deps.portraitUrl(me.portrait) : null, type: 1 },
          middle: { title: me.nickname ?? me.userName ?? 'A fan', summary: line },
          right: null,
          meta: { tokens: coins },
          content: input.text || line,
        })
      }
      const row = await repo.message(answer.message_id)
      if (!row) throw new Error('the tip message is missing')
      const { message_id: _, ...money } = answer
      return { ...money, message: await presentOne(row, viewer.userId) }
    },

    /** `chat_typing` to the other side's sockets, while both may still talk (nothing is stored). */
    async typing(viewer: Viewer, input: { conversation_id: string }) {
      const side = await sideFor(viewer, input.conversation_id)
      await assertCanTalk(viewer.userId, await repo.person(side.peerId), false)
      realtime.publish({ userId: side.peerId }, SocketChannels.chatTyping, {
        conversation_id: String(side.conversationId),
        user_id: viewer.userId,
      })
      return {}
    },

    async read(viewer: Viewer, input: { conversation_id: string; message_id: number }) {
      const side = await sideFor(viewer, input.conversation_id)
      await repo.markRead(viewer.userId, side.conversationId, input.message_id)
      return { unread: await repo.unreadTotals(viewer.userId) }
    },

    async mute(viewer: Viewer, input: { conversation_id: string; mute: boolean }) {
      const side = await sideFor(viewer, input.conversation_id)
      await repo.setMuted(viewer.userId, side.conversationId, input.mute)
      return {
        conversation: await present(viewer, side.conversationId),
        unread: await repo.unreadTotals(viewer.userId),
      }
    },

    async paidSettings(viewer: Viewer): Promise<{ settings: PaidMessageSettings }> {
      return { settings: presentSettings(await repo.paidSettings(viewer.userId)) }
    },

    /** /setting/paid_message: verified creators only. */
    async savePaidSettings(viewer: Viewer, input: PaidMessageSettings) {
      await deps.creator.assertVerifiedCreator(viewer.userId)
      const row = await repo.savePaidSettings(
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
      const due = await repo.unansweredPaidMessages(new Date(clock.now().getTime() - olderThanMs), batch)
      let refunded = 0
      for (const paid of due) {
        const done = await repo.db.transaction(async (tx) => {
          const claimed = await repo.claimRefund(tx, paid.messageId, clock.now())
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
        const creator = await repo.person(paid.creatorId)
        const name = creator?.nickname ?? creator?.userName ?? 'The creator'
        await tell(paid.fanId, {
          notify_type: NotifyType.PaidMessageRefunded,
          is_show: 1,
          is_add: 1,
          show_seconds: null,
          link: `/chatRoom?u1=${paid.fanId}&u2=${paid.creatorId}`,
          left: { content: creator?.portrait ? deps.portraitUrl(creator.portrait) : null, type: 1 },
          middle: { title: name, summary: `didn't reply: ${paid.coins} coins are back in your wallet` },
          right: null,
          meta: { tokens: paid.coins },
          content: ChatTexts.refunded,
        })
      }
      return refunded
    },

    /**
     * One recipient of a mass message, inside the sender's transaction: opens the conversation if needed
     * and stores the message once per (sender, clientMsgId). Call `announceDelivered` after the commit.
     */
    async deliverMassMessage(
      input: {
        senderId: number
        recipientId: number
        clientMsgId: string
        text: string
        mediaIds: number[]
        price: number | null
      },
      tx: Tx,
    ): Promise<{ created: boolean; messageId: number }> {
      const at = clock.now()
      const conversationId = await repo.openConversation(input.senderId, input.recipientId, at, tx)
      const msgType = msgTypeOf({
        mediaCount: input.mediaIds.length,
        // Read in the caller's transaction (PGlite has one connection, which that transaction holds).
        hasVideo: await repo.anyVideo(input.mediaIds, tx),
        price: input.price,
      })
      const outcome = await store(
        tx,
        {
          conversationId,
          senderId: input.senderId,
          clientMsgId: input.clientMsgId,
          msgType,
          text: input.text,
          authorship: Authorship.Creator,
          createdAt: at,
          mediaIds: input.mediaIds,
          price: input.price,
          contentKey: input.price !== null ? contentKeyOf(input.senderId, input.mediaIds) : null,
        },
        input.recipientId,
        { senderIsFan: false },
      )
      return { created: outcome.created, messageId: outcome.row.id }
    },

    /** After a mass message's transaction: `chat_message` to the recipient (and the sender's devices). */
    async announceDelivered(messageId: number): Promise<void> {
      const row = await repo.message(messageId)
      if (!row) return
      const [senderSide, recipientSide] = await Promise.all([
        repo.sideOf(row.senderId, row.conversationId),
        repo.sideOfPeer(row.senderId, row.conversationId),
      ])
      if (!recipientSide) return
      announce(row, recipientSide, senderSide?.muted ?? false)
      if (!recipientSide.muted)
        await notifyIfOffline(recipientSide.userId, await repo.person(row.senderId), row)
    },

    /** TC and SC for system/init (spec §3). */
    unreadTotals: (userId: number) => repo.unreadTotals(userId),
  }
}

/** A line for a message without text (a push, a notification). */
function summaryOf(message: MessageRow): string {
  if (message.msgType === MsgType.Tip || message.msgType === MsgType.Gift) return 'sent you a tip'
  if (message.price !== null) return 'sent you a locked message'
  if (message.mediaIds.length > 0) return 'sent you a photo or video'
  return 'sent you a message'
}

export type ChatService = ReturnType<typeof createChatService>
