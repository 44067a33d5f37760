import {
  Authorship,
  type ChatMessage,
  type Conversation,
  type ConversationFilter,
  MsgType,
  NotifyType,
  SocketChannels,
  UserRole,
} from '@velvet/contract'
import type { FastifyBaseLogger } from 'fastify'
import { AppError } from '../../platform/errors.ts'
import type { Viewer } from '../../platform/http.ts'
import type { Realtime } from '../../platform/realtime.ts'
import type { Clock } from '../auth/service.ts'
import type { NotificationService } from '../notifications/service.ts'
import { decodeCursor, decodeIdCursor, idPageFrom, pageFrom } from '../social/cursor.ts'
import type { SocialService } from '../social/service.ts'
import { presentCard } from '../wallet/presenters.ts'
import type { ChatRepo, ConversationRow, MessageRow, PeerRow } from './repo.ts'

export interface ChatServiceDeps {
  repo: ChatRepo
  social: Pick<SocialService, 'relation'>
  realtime: Pick<Realtime, 'publish' | 'isOnline'>
  /** A message to someone offline becomes a notification (NotifyType.ChatMessage): stored and pushed. */
  notifications: Pick<NotificationService, 'publish'>
  clock: Clock
  portraitUrl: (key: string) => string
  log: FastifyBaseLogger
}

/** Microseconds since the epoch (spec §3 timetoken). */
const timetokenOf = (at: Date) => at.getTime() * 1000

export function presentMessage(row: MessageRow, viewerId: number): ChatMessage {
  return {
    message_id: row.id,
    conversation_id: String(row.conversationId),
    sender: { id: row.senderId },
    msg_type: row.msgType,
    text: row.text,
    client_msg_id: row.clientMsgId,
    timetoken: timetokenOf(row.createdAt),
    authorship: row.senderId === viewerId ? row.authorship : null,
  }
}

function presentConversation(
  row: Omit<ConversationRow, 'cursor'>,
  portraitUrl: (key: string) => string,
): Conversation {
  const { side, peer, last } = row
  return {
    conversation_id: String(side.conversationId),
    peer: {
      ...presentCard(peer.id, peer, portraitUrl),
      is_creator: peer.deletedAt === null && peer.userRole === UserRole.Creator,
    },
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
  }
}

const isCreator = (person: PeerRow) => person.deletedAt === null && person.userRole === UserRole.Creator

/**
 * One-to-one chat (issue 7). Who may talk: a conversation has a creator on at least one side; a fan opens one
 * with a creator, a creator with a fan who follows them (or who wrote first). Blocks either way close it.
 * A message is stored once per (sender, client_msg_id), with both sides' counters in the same transaction,
 * then pushed on `chat_message` to both users' sockets (every process, through the Redis adapter when set).
 */
export function createChatService(deps: ChatServiceDeps) {
  const { repo, social, realtime, clock, log } = deps

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
        content: message.text.slice(0, 200),
      })
    } catch (err) {
      log.warn({ err, recipientId }, 'message notification failed')
    }
  }

  async function present(viewerId: number, id: number): Promise<Conversation> {
    const row = await repo.conversationOf(viewerId, id)
    if (!row) throw new AppError('ConversationNotFound')
    return presentConversation(row, deps.portraitUrl)
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
      return pageFrom(rows, input.limit, (row) => presentConversation(row, deps.portraitUrl))
    },

    async open(viewer: Viewer, userId: number) {
      const peer = await repo.person(userId)
      const existing = await repo.conversationBetween(viewer.userId, userId)
      await assertCanTalk(viewer.userId, peer, existing === null)
      const id = existing ?? (await repo.openConversation(viewer.userId, userId, clock.now()))
      return { conversation: await present(viewer.userId, id) }
    },

    async messages(viewer: Viewer, input: { conversation_id: string; cursor?: string; limit: number }) {
      const side = await sideFor(viewer, input.conversation_id)
      const rows = await repo.messages(side.conversationId, decodeIdCursor(input.cursor), input.limit + 1)
      return idPageFrom(rows, input.limit, (row) => presentMessage(row, viewer.userId))
    },

    /**
     * Stores a text message once per client id and moves both sides' counters in one transaction; a retry
     * answers the stored message and changes nothing. After the commit both users' sockets get
     * `chat_message` (the recipient's with its own mute and spender flag).
     */
    async send(viewer: Viewer, input: { conversation_id: string; client_msg_id: string; text: string }) {
      const side = await sideFor(viewer, input.conversation_id)
      const peer = await repo.person(side.peerId)
      const me = await assertCanTalk(viewer.userId, peer, false)
      const at = clock.now()
      const outcome = await repo.db.transaction(async (tx) => {
        const stored = await repo.insertMessage(tx, {
          conversationId: side.conversationId,
          senderId: viewer.userId,
          clientMsgId: input.client_msg_id,
          msgType: MsgType.Text,
          text: input.text,
          // Messages sent through this call are the account holder's own (chatters and the agent later).
          authorship: Authorship.Creator,
          createdAt: at,
        })
        if (!stored.created) return { ...stored, recipient: null }
        const spent = me && !isCreator(me) ? await repo.hasSpentWith(viewer.userId, side.peerId, tx) : false
        const recipient = await repo.recordMessage(tx, stored.row, side.peerId, spent)
        return { ...stored, recipient }
      })
      if (outcome.created && outcome.recipient) {
        const event = {
          conversation_id: String(side.conversationId),
          sender: { id: viewer.userId },
          msg_type: outcome.row.msgType,
          has_spent: outcome.recipient.peerHasSpent,
          timetoken: timetokenOf(outcome.row.createdAt),
        }
        try {
          realtime.publish({ userId: side.peerId }, SocketChannels.chatMessage, {
            ...event,
            mute: outcome.recipient.muted ? 1 : 0,
          })
          // The sender's other tabs and devices show it too.
          realtime.publish({ userId: viewer.userId }, SocketChannels.chatMessage, {
            ...event,
            mute: side.muted ? 1 : 0,
          })
        } catch (err) {
          log.warn({ err, conversation: side.conversationId }, 'chat_message delivery failed')
        }
        if (!outcome.recipient.muted) await notifyIfOffline(side.peerId, me, outcome.row)
      }
      return { message: presentMessage(outcome.row, viewer.userId) }
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
        conversation: await present(viewer.userId, side.conversationId),
        unread: await repo.unreadTotals(viewer.userId),
      }
    },

    /** TC and SC for system/init (spec §3). */
    unreadTotals: (userId: number) => repo.unreadTotals(userId),
  }
}

export type ChatService = ReturnType<typeof createChatService>
