import { type ChatMessage, type Conversation, MediaState, SocketChannels, UserRole } from '@velvet/contract'
import type { FastifyBaseLogger } from 'fastify'
import type { Clock } from '../../platform/clock.ts'
import type { Tx } from '../../platform/db.ts'
import { AppError } from '../../platform/errors.ts'
import type { Viewer } from '../../platform/http.ts'
import type { Realtime } from '../../platform/realtime.ts'
import type { MediaRecord, MediaService } from '../media/types.ts'
import { Notices, noticePerson } from '../notifications/payloads.ts'
import type { NotificationService } from '../notifications/service.ts'
import type { SocialService } from '../social/service.ts'
import type { PaidChatRepo } from './paid-repo.ts'
import { isCreator, presentConversation, presentMessage, summaryOf, timetokenOf } from './presenters.ts'
import type { ChatRepo, MessageRow, NewMessage, PeerRow, SideRow } from './repo.ts'

export interface MessagingDeps {
  repo: ChatRepo
  paidRepo: PaidChatRepo
  social: Pick<SocialService, 'relation'>
  realtime: Pick<Realtime, 'publish' | 'isOnline'>
  /** A message to someone offline becomes a notification (NotifyType.ChatMessage): stored and pushed. */
  notifications: Pick<NotificationService, 'publish'>
  media: Pick<MediaService, 'findOwned' | 'findMany' | 'urlsFor'>
  clock: Clock
  portraitUrl: (key: string) => string
  log: FastifyBaseLogger
}

/**
 * What every chat call shares, free or paid: who may talk, storing a message with both sides' counters,
 * presenting messages for one viewer, and the deliveries after the commit (`chat_message`, a push to
 * someone offline).
 */
export function createMessaging(deps: MessagingDeps) {
  const { repo, paidRepo, social, realtime, clock, log, media } = deps

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

  /**
   * Presents messages for one viewer: their media, which PPV contents they own, refunds, and of their own
   * PPV messages whether the other side (`peerId`, else the conversation's) bought them.
   */
  async function presentAll(rows: MessageRow[], viewerId: number, peerId?: number): Promise<ChatMessage[]> {
    const mediaIds = [...new Set(rows.flatMap((row) => row.mediaIds))]
    const ppvKeys = (own: boolean) => [
      ...new Set(
        rows
          .filter((row) => row.price !== null && (row.senderId === viewerId) === own && row.contentKey)
          .map((row) => row.contentKey as string),
      ),
    ]
    const ownKeys = ppvKeys(true)
    const peer = ownKeys.length > 0 ? (peerId ?? (await peerOf(viewerId, rows))) : null
    const paid = rows.filter((row) => row.paidCoins !== null).map((row) => row.id)
    const [records, unlocked, boughtByPeer, refunded] = await Promise.all([
      mediaIds.length > 0 ? media.findMany(mediaIds) : new Map<number, MediaRecord>(),
      paidRepo.unlockedContents(viewerId, ppvKeys(false)),
      peer !== null ? paidRepo.unlockedContents(peer, ownKeys) : new Set<string>(),
      paidRepo.refundedOf(paid),
    ])
    const ctx = { viewerId, media: records, unlocked, boughtByPeer, refunded, urlsFor: media.urlsFor }
    return rows.map((row) => presentMessage(row, ctx))
  }

  /** The other side of the viewer's conversation the rows are in. */
  async function peerOf(viewerId: number, rows: MessageRow[]): Promise<number | null> {
    const conversationId = rows[0]?.conversationId
    if (conversationId === undefined) return null
    return (await repo.sideOf(viewerId, conversationId))?.peerId ?? null
  }

  async function presentOne(row: MessageRow, viewerId: number): Promise<ChatMessage> {
    const [message] = await presentAll([row], viewerId)
    if (!message) throw new Error('a presented message is missing')
    return message
  }

  /** Someone with no open socket hears of a message by web push (and finds it in /notifications). */
  async function notifyIfOffline(recipientId: number, sender: PeerRow | null, message: MessageRow) {
    try {
      if (await realtime.isOnline(recipientId)) return
      await deps.notifications.publish(
        recipientId,
        Notices.chatMessage({
          sender: noticePerson(sender, 'Someone', deps.portraitUrl),
          recipientId,
          senderId: message.senderId,
          conversationId: message.conversationId,
          content: message.text.slice(0, 200) || summaryOf(message),
        }),
      )
    } catch (err) {
      log.warn({ err, recipientId }, 'message notification failed')
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
    const spent = options.senderIsFan ? await paidRepo.hasSpentWith(message.senderId, recipientId, tx) : false
    const recipient = await repo.recordMessage(tx, row, recipientId, spent)
    // A creator's reply settles the fan's paid messages waiting in this conversation.
    await paidRepo.keepPaidMessages(tx, message.conversationId, message.senderId, message.createdAt)
    return { row, created: true, recipient }
  }

  return {
    sideFor,
    assertCanTalk,
    presentAll,
    presentOne,
    notifyIfOffline,
    announce,
    present,
    readyMedia,
    store,
  }
}

export type Messaging = ReturnType<typeof createMessaging>
