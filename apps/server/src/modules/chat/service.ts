import { Authorship, type ConversationFilter, SocketChannels, UserRole } from '@velvet/contract'
import type { Tx } from '../../platform/db.ts'
import { AppError } from '../../platform/errors.ts'
import type { Viewer } from '../../platform/http.ts'
import { decodeCursor, decodeIdCursor, idPageFrom, pageFrom } from '../social/cursor.ts'
import { createMessaging, type Messaging, type MessagingDeps } from './messaging.ts'
import { createPaidChat, type PaidChatDeps } from './paid-service.ts'
import { contentKeyOf } from './policy.ts'
import { isCreator, msgTypeOf, presentConversation } from './presenters.ts'
import type { PeerRow } from './repo.ts'

/** A message as `store` answers it (the row, whether it is new, the recipient's side). */
type Stored = Awaited<ReturnType<Messaging['store']>>

/** What chat is built from: what messaging needs, and what paid chat needs besides the messaging itself. */
export type ChatServiceDeps = MessagingDeps & Omit<PaidChatDeps, 'messaging'>

/**
 * One-to-one chat. Who may talk: a conversation has a creator on at least one side; a fan opens one
 * with a creator, a creator with a fan who follows them (or who wrote first). Blocks either way close it.
 * A message is stored once per (sender, client_msg_id), with both sides' counters, and any money it moves
 * (a paid message, a tip), in the same transaction, then pushed on `chat_message` to both users' sockets
 * (every process, through the Redis adapter when set).
 */
export function createChatService(deps: ChatServiceDeps) {
  const { repo, realtime, clock, purchases } = deps
  const messaging = createMessaging(deps)
  const {
    sideFor,
    assertCanTalk,
    presentAll,
    presentOne,
    notifyIfOffline,
    announce,
    present,
    readyMedia,
    store,
  } = messaging
  const paid = createPaidChat({ ...deps, messaging })

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
      return { ...page, list: await presentAll(page.list, viewer.userId, side.peerId) }
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
      const outcome = await purchases.checkout(
        {
          buyerId: viewer.userId,
          coins: input.paid_price,
          // The message reaches both sides' sockets (and an offline recipient's push) before a sale's notice.
          afterCommit: async (stored: Stored) => {
            if (!stored.created || !stored.recipient) return
            announce(stored.row, stored.recipient, side.muted)
            if (!stored.recipient.muted) await notifyIfOffline(side.peerId, me, stored.row)
          },
        },
        (tx, buy) =>
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
              charge: (row) => paid.chargeIfPaid(tx, buy, row, me, recipientPerson, input.paid_price),
            },
          ),
      )
      return { message: await presentOne(outcome.row, viewer.userId) }
    },

    unlock: paid.unlock,
    tip: paid.tip,

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

    paidSettings: paid.paidSettings,
    savePaidSettings: paid.savePaidSettings,
    refundUnanswered: paid.refundUnanswered,

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

export type ChatService = ReturnType<typeof createChatService>
