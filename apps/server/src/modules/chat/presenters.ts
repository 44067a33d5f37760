import { type ChatMessage, type Conversation, MsgType, type PostMedia, UserRole } from '@velvet/contract'
import type { MediaRecord, MediaService } from '../media/types.ts'
import { presentCard } from '../wallet/presenters.ts'
import { sendCost } from './policy.ts'
import type { ConversationRow, MessageRow, PeerRow } from './repo.ts'

/** Microseconds since the epoch (spec §3 timetoken). */
export const timetokenOf = (at: Date) => at.getTime() * 1000

/** What presenting messages for one viewer needs besides the rows. */
export interface MessageViewContext {
  viewerId: number
  media: Map<number, MediaRecord>
  /** PPV contents the viewer has unlocked. */
  unlocked: Set<string>
  /** Paid messages whose coins went back. */
  refunded: Set<number>
  /** The viewer's own PPV contents the other side has unlocked. */
  boughtByPeer: Set<string>
  urlsFor: MediaService['urlsFor']
}

/**
 * A message as one viewer sees it. A PPV message the viewer has not unlocked keeps each media's kind, size,
 * duration and blurred preview, never a url; every field is listed so a new column never leaks by itself.
 */
export function presentMessage(row: MessageRow, ctx: MessageViewContext): ChatMessage {
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
    bought:
      mine && row.price !== null ? Boolean(row.contentKey && ctx.boughtByPeer.has(row.contentKey)) : null,
  }
}

export const isCreator = (person: PeerRow) =>
  person.deletedAt === null && person.userRole === UserRole.Creator

export function presentConversation(
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
    peer_fan: viewerIsCreator ? { is_member: row.peerIsMember, spent_cents: row.peerSpentCents } : null,
  }
}

export function presentSettings(row: { price: number; membersFree: boolean; creatorsFree: boolean } | null) {
  return {
    price: row?.price ?? 0,
    members_free: row?.membersFree ?? true,
    creators_free: row?.creatorsFree ?? true,
  }
}

/** The message kind of what a message carries. */
export function msgTypeOf(content: { mediaCount: number; hasVideo: boolean; price: number | null }): MsgType {
  if (content.price !== null) return MsgType.Ppv
  if (content.hasVideo) return MsgType.Video
  if (content.mediaCount > 0) return MsgType.Image
  return MsgType.Text
}

/** A line for a message without text (a push, a notification). */
export function summaryOf(message: MessageRow): string {
  if (message.msgType === MsgType.Tip || message.msgType === MsgType.Gift) return 'sent you a tip'
  if (message.price !== null) return 'sent you a locked message'
  if (message.mediaIds.length > 0) return 'sent you a photo or video'
  return 'sent you a message'
}
