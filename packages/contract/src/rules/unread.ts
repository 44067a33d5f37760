import { MsgType } from '../calls/chat.ts'

/** The client's unread counters (spec §3): per conversation, TC (chat) and SC (chat from spenders). */
export interface UnreadState {
  byConversation: Readonly<Record<string, number>>
  TC: number
  SC: number
}

/** What the unread rules read of a `chat_message` (spec §3 Chat message). */
export interface IncomingMessage {
  conversation_id: string
  sender: { id: number }
  msg_type: number
  /** 1 when the recipient muted the conversation. */
  mute: 0 | 1
  has_spent: boolean
}

export const emptyUnread: UnreadState = { byConversation: {}, TC: 0, SC: 0 }

/**
 * Spec §4, to the letter: an incoming message raises its conversation's unread only if the conversation is
 * not the active one, the sender is not the current user and msg_type is not 11; the total chat unread (TC)
 * rises with it only if the conversation is not muted, and the spender unread (SC) rises as well when
 * has_spent is true.
 */
export function applyIncoming(
  state: UnreadState,
  message: IncomingMessage,
  context: { userId: number; activeConversationId: string | null },
): UnreadState {
  const raises =
    message.conversation_id !== context.activeConversationId &&
    message.sender.id !== context.userId &&
    message.msg_type !== MsgType.System
  if (!raises) return state
  const counted = message.mute !== 1
  return {
    byConversation: {
      ...state.byConversation,
      [message.conversation_id]: (state.byConversation[message.conversation_id] ?? 0) + 1,
    },
    TC: state.TC + (counted ? 1 : 0),
    SC: state.SC + (counted && message.has_spent ? 1 : 0),
  }
}

/**
 * Reading a conversation clears its count and takes what it added out of the totals (`muted` and `spender`
 * say how it was counted). The server's totals (system/init) stay the reference: the client resyncs to them.
 */
export function applyRead(
  state: UnreadState,
  conversationId: string,
  counted: { muted: boolean; spender: boolean },
): UnreadState {
  const count = state.byConversation[conversationId] ?? 0
  if (count === 0) return state
  const { [conversationId]: _read, ...rest } = state.byConversation
  return {
    byConversation: rest,
    TC: Math.max(0, state.TC - (counted.muted ? 0 : count)),
    SC: Math.max(0, state.SC - (counted.muted || !counted.spender ? 0 : count)),
  }
}
