import { z } from 'zod'
import { SessionUser, UserId } from './calls/auth.ts'
import { ProfileCounts } from './calls/profile.ts'
import { LineText } from './rules/text.ts'

/** socket.io server→client channels (spec §7). No other name is typed anywhere else. */
export const SocketChannels = {
  chatMessage: 'chat_message',
  userInfoChange: 'user_info_change',
  signout: 'signout',
  realtimeNotify: 'realtime_notify',
  callInvite: 'call_invite',
  callCancel: 'call_cancel',
  /**
   * Velvet's own (the spec's list has no typing channel): the other side of a conversation is typing. Sent
   * only to online users, never stored; a client that does not know it ignores it.
   */
  chatTyping: 'chat_typing',
} as const
export type SocketChannel = (typeof SocketChannels)[keyof typeof SocketChannels]

export const SOCKET_PATH = '/socket.io'

/** Handshake query (spec §7): user id, user type, device id, platform; `li` for a live connection. */
export const SocketHandshakeQuery = z.object({
  ui: z.coerce.number().int().optional(),
  ut: z.coerce.number().int().optional(),
  di: LineText.max(100).optional(),
  pt: LineText.max(40).optional(),
  li: LineText.max(64).optional(),
})
/** The session token travels in the handshake `auth` payload, never in the URL. */
export const SocketHandshakeAuth = z.object({ token: LineText.min(1).max(200) })

/**
 * Notification types: those seen in the spec (5, 8, 10 relate to messages; 20 is live; 26/27 payments), then
 * Velvet's own from 30 on (the spec leaves them open). One table, so no two kinds share a number.
 */
export const NotifyType = {
  Message: 5,
  MessageReply: 8,
  ChatMessage: 10,
  Live: 20,
  PrePaymentFailed: 26,
  PaymentFailed: 27,
  /** A fan bought one of the creator's items (a PPV post). */
  ItemPurchased: 30,
  /** A fan sent the creator a gift; meta.tokens holds the coins. */
  GiftReceived: 31,
  /** A paid message's coins came back to the fan (no reply within 72 hours); meta.tokens holds them. */
  PaidMessageRefunded: 32,
  /** A new member (or a free trial started). */
  NewMember: 40,
  MemberRenewed: 41,
  PayoutPaid: 50,
  PayoutFailed: 51,
  /** Someone followed the user. */
  NewFollower: 60,
  /** A comment on one of the user's posts. */
  PostComment: 61,
  /** The user was @mentioned in a post or a comment. */
  Mention: 62,
} as const

/** A notification item (spec §3), as the banner and the notification list render it. */
export const NotificationItem = z.object({
  id: z.string(),
  notify_type: z.number().int(),
  is_show: z.union([z.literal(0), z.literal(1)]),
  is_add: z.union([z.literal(0), z.literal(1)]),
  /** Banner auto-close in seconds; the client defaults to 1 s (Timing.notificationAutoCloseMs). */
  show_seconds: z.number().int().min(0).nullable(),
  link: z.string().max(2048).nullable(),
  left: z.object({ content: z.string().nullable(), type: z.number().int() }),
  middle: z.object({ title: z.string(), summary: z.string() }),
  right: z.object({ type: z.number().int(), content: z.string() }).nullable(),
  meta: z.object({ tokens: z.number().int().optional(), conversation_id: z.string().optional() }),
  content: z.string(),
  created_at: z.number().int(),
})
export type NotificationItem = z.infer<typeof NotificationItem>

/** Text compared for repetition: lower case, letters and digits only, single spaces. */
const comparable = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()

/**
 * A notice's body under its title and summary line: its content only when that says something more (a
 * message, a comment, a gift's words); '' when the content repeats the title, the summary or both.
 */
export function noticeBody(item: Pick<NotificationItem, 'middle' | 'content'>): string {
  const body = comparable(item.content)
  if (body === '') return ''
  const title = comparable(item.middle.title)
  const summary = comparable(item.middle.summary)
  const repeats = [title, summary, `${title} ${summary}`.trim()]
  return repeats.includes(body) ? '' : item.content.trim()
}

export const CallInvite = z.object({
  call_id: z.string(),
  send_user_info: z.object({ id: UserId, nick_name: z.string(), portrait: z.string().nullable() }),
  user_call_setting: z.object({ total_tokens: z.number().int().min(0), min_time: z.number().int().min(0) }),
  timeout_sec: z.number().int().positive().optional(),
})

export const CallCancel = z.object({ call_id: z.string() })

/** Someone is typing in a conversation (shown for ChatRules.typingShowMs after the last one). */
export const ChatTypingEvent = z.object({ conversation_id: z.string(), user_id: UserId })

export const ChatMessageEvent = z.object({
  conversation_id: z.string(),
  sender: z.object({ id: UserId }),
  msg_type: z.number().int(),
  mute: z.union([z.literal(0), z.literal(1)]),
  has_spent: z.boolean(),
  /** Microseconds (the client converts to seconds). */
  timetoken: z.number().int(),
})

/**
 * The signed-in user changed (profile edit, role, follow counts). Every open tab of that user gets it:
 * `counts` are the user's own profile counts; `relation` is set when the change was the user following or
 * unfollowing someone, so tabs showing that profile update its button and follower count.
 */
export const UserInfoChange = z.object({
  user: SessionUser,
  counts: ProfileCounts.optional(),
  relation: z
    .object({ user_id: UserId, is_following: z.boolean(), followers: z.number().int().min(0) })
    .optional(),
})
export const Signout = z.object({ reason: z.enum(['logout', 'revoked', 'deleted']) })

/** The body of each channel. */
export const SocketPayloads = {
  [SocketChannels.chatMessage]: ChatMessageEvent,
  [SocketChannels.userInfoChange]: UserInfoChange,
  [SocketChannels.signout]: Signout,
  [SocketChannels.realtimeNotify]: NotificationItem,
  [SocketChannels.callInvite]: CallInvite,
  [SocketChannels.callCancel]: CallCancel,
  [SocketChannels.chatTyping]: ChatTypingEvent,
} as const

/**
 * What travels on every channel (spec §3 Socket message): `issued_num` increases with every message a server
 * process publishes (milliseconds × 1000 + a counter, so roughly ordered across processes too); clients use it
 * to drop a duplicate, never to detect gaps.
 */
export function socketMessage<T extends z.ZodType>(body: T) {
  return z.object({ issued_num: z.number().int(), channel: z.string(), body })
}
export type SocketPayload<C extends SocketChannel> = z.infer<(typeof SocketPayloads)[C]>
