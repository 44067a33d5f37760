import { z } from 'zod'
import { Id, IdText } from '../rules/ids.ts'
import { LineText, MultilineText } from '../rules/text.ts'
import { UserId } from './auth.ts'
import { defineCall } from './define.ts'
import { MediaId } from './media.ts'
import { PostAuthor, PostMedia, Price } from './post.ts'
import { PageQuery, pageOf } from './profile.ts'

/**
 * One-to-one chat (spec §2 /message and /chatRoom, §3 Chat message, §4 Unread). A conversation has
 * a creator on at least one side; each side keeps its own unread count, mute and spender marker.
 */

/** Message kinds (spec §3 msg_type). 11 is a system line: it never raises an unread count (spec §4). */
export const MsgType = {
  Text: 1,
  Image: 2,
  Video: 3,
  Ppv: 4,
  Gift: 5,
  Tip: 6,
  System: 11,
} as const
export type MsgType = (typeof MsgType)[keyof typeof MsgType]

/** Who wrote a creator's message (stored for every message, shown only to the creator's side). */
export const Authorship = { Creator: 1, Chatter: 2, Agent: 3 } as const
export type Authorship = (typeof Authorship)[keyof typeof Authorship]

export const ChatRules = {
  textMax: 2000,
  /** The id the client gives a message so that a retry stores it once (a UUID or similar). */
  clientMsgIdMax: 64,
  pageSize: 30,
  conversationsPageSize: 20,
  searchMax: 40,
  /** Messages a signed-in user may send a minute (a person types a few a second at most). */
  sendsPerMinute: 120,
  /** sessionStorage: the /message filter tab (spec §3: the only thing kept in session storage; default all). */
  filterStorageKey: 'velvet.message_filter',
  /** Photos and videos in one message (creators only). */
  mediaMax: 10,
  /** Messages a fan who is not a member sends a creator free before the paid message price applies. */
  freeMessages: 3,
  /** A paid message is refunded when the creator has not replied within this many hours. */
  replyWithinHours: 72,
  /** The paid message price a creator may set, in coins (0 = messages are free). */
  paidPriceMax: 10_000,
  /** A tip in chat, in coins. */
  tipMin: 1,
  tipMax: 10_000,
  /** A typing client tells the server at most this often; the other side shows it this long. */
  typingEveryMs: 3000,
  typingShowMs: 6000,
  /** Quick tip amounts offered in the tip sheet. */
  tipPresets: [5, 10, 25, 50, 100],
} as const

export const ChatTexts = {
  emptyConversations: 'No messages yet',
  emptyConversationsHint: 'When you message a creator, or a fan messages you, it shows up here.',
  sendFailed: 'Not sent. Tap to retry.',
  composerPlaceholder: 'Write a message',
  seen: 'Seen',
  /** Under a creator's own PPV message: whether the fan bought it. */
  ppvBought: 'Bought',
  ppvNotBought: 'Not bought yet',
  /** The chat header's marks of a fan, for the creator. */
  memberBadge: 'Member',
  fanSpent: (usd: string) => `Spent ${usd}`,
  startHint: 'Say hello. Messages are private between the two of you.',
  /** The paid message rule as /setting/paid_message and the fan's composer state it. */
  paidRule: `Fans who are not members send you ${ChatRules.freeMessages} messages free, then each message costs your price. If you don't reply within ${ChatRules.replyWithinHours} hours, the fan gets the coins back.`,
  freeLeft: (left: number) => `${left} free ${left === 1 ? 'message' : 'messages'} left`,
  costsCoins: (coins: number) =>
    `Each message costs ${coins} ${coins === 1 ? 'coin' : 'coins'}. Refunded if there is no reply within ${ChatRules.replyWithinHours} hours.`,
  /** /pay/payout: the creator's shares of paid messages not answered yet (not withdrawable until then). */
  heldLabel: 'Awaiting your reply',
  heldHint: `Your share of a paid message is held until you reply, then clears like any other sale. Unanswered after ${ChatRules.replyWithinHours} hours, it goes back to the fan.`,
  /** /pay/payout: a referrer's shares of paid messages to creators they referred, not answered yet. */
  referralHeldLabel: 'Referral shares awaiting a reply',
  referralHeldHint: `Your referral share of a paid message is held until the creator you referred replies, then clears like any other sale. Unanswered after ${ChatRules.replyWithinHours} hours, it goes back to the fan.`,
  unlockTitle: 'Unlock this message',
  /** Under a creator's own message written for them (shown to the creator's side only). */
  byChatter: 'Sent by your chatter',
  byAgent: 'Sent by your agent',
  typing: (name: string) => `${name} is typing…`,
  ppvLocked: (coins: number) => `Unlock for ${coins} ${coins === 1 ? 'coin' : 'coins'}`,
  /** The tip amount rule, as the tip sheet and the server state it. */
  tipRange: `A tip is ${ChatRules.tipMin} to ${ChatRules.tipMax.toLocaleString('en-US')} coins.`,
  tipLine: (coins: number) => `Sent a tip of ${coins} ${coins === 1 ? 'coin' : 'coins'}`,
  giftLine: (name: string, coins: number) => `Sent a ${name} (${coins} ${coins === 1 ? 'coin' : 'coins'})`,
  paidLine: (coins: number) => `Paid message · ${coins} ${coins === 1 ? 'coin' : 'coins'}`,
  refunded: `Refunded: no reply within ${ChatRules.replyWithinHours} hours`,
  mediaCreatorsOnly: 'Photos and videos can be sent by creators.',
  tooManyMedia: `A message has at most ${ChatRules.mediaMax} photos and videos.`,
  ppvNeedsMedia: 'Add a photo or video to sell this message.',
} as const

const ClientMsgId = LineText.trim().min(8).max(ChatRules.clientMsgIdMax)
const MessageText = MultilineText.trim().max(ChatRules.textMax, {
  message: `A message is at most ${ChatRules.textMax} characters.`,
})

/** The conversation id as the spec's payloads carry it (a string of digits). */
export const ConversationId = IdText

export const ChatMessage = z.object({
  message_id: z.number().int().positive(),
  conversation_id: ConversationId,
  sender: z.object({ id: UserId }),
  msg_type: z.number().int(),
  text: z.string(),
  client_msg_id: z.string().nullable(),
  /** Microseconds since the epoch (spec §3: the client converts to seconds). */
  timetoken: z.number().int(),
  /** Only on the creator's side, for their own messages: who wrote it (Authorship). */
  authorship: z.number().int().nullable(),
  /** Photos and videos; for a locked PPV message only the blurred previews (urls null). */
  media: z.array(PostMedia),
  /** A PPV message's price in coins (null: not for sale). */
  price: z.number().int().nullable(),
  /** True when the viewer must unlock this PPV message to see its media (never for the sender). */
  locked: z.boolean(),
  /** A tip's or a gift's coins (msg_type 6 and 5). */
  coins: z.number().int().nullable(),
  gift_id: z.number().int().nullable(),
  /** Coins the sender paid to send this message (a paid message); null when it was free. */
  paid_coins: z.number().int().nullable(),
  /** A paid message whose coins went back to the sender (no reply within 72 hours). */
  refunded: z.boolean(),
  /** Only on the sender's side, for their own PPV message: whether the other side bought it; else null. */
  bought: z.boolean().nullable(),
})
export type ChatMessage = z.infer<typeof ChatMessage>

export const ConversationFilter = z.enum(['all', 'unread', 'spenders', 'members'])
export type ConversationFilter = z.infer<typeof ConversationFilter>

export const Conversation = z.object({
  conversation_id: ConversationId,
  peer: PostAuthor.extend({ is_creator: z.boolean() }),
  last_message: ChatMessage.pick({
    message_id: true,
    sender: true,
    msg_type: true,
    text: true,
    timetoken: true,
  }).nullable(),
  unread: z.number().int().min(0),
  /** 1 when this side muted the conversation (spec §3 mute). */
  mute: z.union([z.literal(0), z.literal(1)]),
  /** The other side has spent money with this side (the spender marker of /message). */
  has_spent: z.boolean(),
  /** The last message the other side has read (read receipts); 0 when none. */
  peer_read_id: z.number().int().min(0),
  /** Coins the viewer's next message costs (a paid message to a creator); 0 when it is free. */
  send_price: z.number().int().min(0),
  /** Free messages the viewer has left before the price applies; null when messages are free anyway. */
  free_left: z.number().int().min(0).nullable(),
  /**
   * Only for a creator: the other side as a fan of theirs (a live membership, and what the fan has paid
   * them in US cents, gross); null for anyone else.
   */
  peer_fan: z.object({ is_member: z.boolean(), spent_cents: z.number().int().min(0) }).nullable(),
})
export type Conversation = z.infer<typeof Conversation>

export const conversationList = defineCall({
  method: 'GET',
  path: '/fapi/core/chat/conversations/',
  access: 'account',
  summary: 'Conversations newest first, with a filter and a name search.',
  input: PageQuery.extend({
    filter: ConversationFilter.default('all'),
    q: LineText.trim().max(ChatRules.searchMax).optional(),
  }),
  response: pageOf(Conversation),
})

export const conversationOpen = defineCall({
  method: 'POST',
  path: '/fapi/core/chat/open/',
  access: 'account',
  summary: 'The conversation with a user (made on first use), for /chatRoom?u1=&u2=.',
  input: z.object({ user_id: UserId }),
  response: z.object({ conversation: Conversation }),
})

export const chatMessages = defineCall({
  method: 'GET',
  path: '/fapi/core/chat/messages/',
  access: 'account',
  summary: 'Messages of a conversation, newest first; `cursor` pages back in history.',
  input: PageQuery.extend({ conversation_id: ConversationId }),
  response: pageOf(ChatMessage),
})

export const chatSend = defineCall({
  method: 'POST',
  path: '/fapi/core/chat/send/',
  access: 'account',
  summary:
    'Sends a message (text, photos and videos, optionally sold as PPV); the same client_msg_id stores it once. ' +
    'A paid message is charged in the same transaction, at the price the sender saw (`paid_price`).',
  input: z
    .object({
      conversation_id: ConversationId,
      client_msg_id: ClientMsgId,
      text: MessageText.default(''),
      media: z
        .array(MediaId)
        .max(ChatRules.mediaMax, {
          message: `A message has at most ${ChatRules.mediaMax} photos and videos.`,
        })
        .default([]),
      /** Sell the media as a PPV message (creators only). */
      price: Price.nullable().default(null),
      /** The coins the sender agreed to pay for this message (Conversation.send_price); 0 when free. */
      paid_price: z.number().int().min(0).default(0),
    })
    .superRefine((message, ctx) => {
      if (message.text === '' && message.media.length === 0)
        ctx.addIssue({ code: 'custom', path: ['text'], message: 'Write a message first.' })
      if (message.price !== null && message.media.length === 0)
        ctx.addIssue({ code: 'custom', path: ['price'], message: ChatTexts.ppvNeedsMedia })
    }),
  response: z.object({ message: ChatMessage }),
})

/** What a fan's coins bought in chat (a PPV message unlocked, a tip or a gift). */
const ChatSpendAnswer = z.object({
  /** False when nothing was charged this time (already unlocked, or a replay). */
  charged: z.boolean(),
  coins_spent: z.number().int().min(0),
  /** Coins left in the wallet. */
  coins: z.number().int().min(0),
  message: ChatMessage,
})
export type ChatSpendAnswer = z.infer<typeof ChatSpendAnswer>

export const chatUnlock = defineCall({
  method: 'POST',
  path: '/fapi/core/chat/unlock/',
  access: 'account',
  idempotent: true,
  summary:
    'Unlocks a PPV message with coins at the price the fan saw; once per fan and content (the same photos ' +
    'sent again, e.g. in a mass message, stay unlocked).',
  input: z.object({ message_id: Id, price: z.number().int().min(1) }),
  response: ChatSpendAnswer,
})

export const chatTip = defineCall({
  method: 'POST',
  path: '/fapi/core/chat/tip/',
  access: 'account',
  idempotent: true,
  summary: 'Sends a creator a tip in coins or a gift from the catalogue, as a message of the conversation.',
  input: z
    .object({
      conversation_id: ConversationId,
      client_msg_id: ClientMsgId,
      coins: z
        .number()
        .int({ message: ChatTexts.tipRange })
        .min(ChatRules.tipMin, { message: ChatTexts.tipRange })
        .max(ChatRules.tipMax, { message: ChatTexts.tipRange })
        .nullable()
        .default(null),
      gift_id: Id.nullable().default(null),
      text: MessageText.default(''),
    })
    .refine((tip) => (tip.coins === null) !== (tip.gift_id === null), {
      path: ['coins'],
      message: 'Choose a tip amount or a gift.',
    }),
  response: ChatSpendAnswer,
})

/** A creator's paid message settings (/setting/paid_message). */
export const PaidMessageSettings = z.object({
  /** Coins per message after the free allowance; 0 = messages are free. */
  price: z
    .number()
    .int({ message: 'A price is a whole number of coins.' })
    .min(0)
    .max(ChatRules.paidPriceMax, { message: `The price is at most ${ChatRules.paidPriceMax} coins.` }),
  /** Members message free (on by default). */
  members_free: z.boolean(),
  /** Other creators message free (on by default). */
  creators_free: z.boolean(),
})
export type PaidMessageSettings = z.infer<typeof PaidMessageSettings>

export const paidMessageSettings = defineCall({
  method: 'GET',
  path: '/fapi/core/chat/paid_message/',
  access: 'account',
  summary: "The signed-in creator's paid message price and who messages free.",
  response: z.object({ settings: PaidMessageSettings }),
})

export const updatePaidMessageSettings = defineCall({
  method: 'POST',
  path: '/fapi/core/chat/paid_message/',
  access: 'account',
  summary: 'Sets the paid message price and who messages free (creators only).',
  input: PaidMessageSettings,
  response: z.object({ settings: PaidMessageSettings }),
})

/** Unread totals (spec §3): TC chat (not muted), SC chat from spenders (not muted). */
export const ChatUnread = z.object({ TC: z.number().int().min(0), SC: z.number().int().min(0) })

export const chatRead = defineCall({
  method: 'POST',
  path: '/fapi/core/chat/read/',
  access: 'account',
  summary: 'Marks a conversation read up to a message; answers the new totals.',
  input: z.object({ conversation_id: ConversationId, message_id: Id }),
  response: z.object({ unread: ChatUnread }),
})

export const chatMute = defineCall({
  method: 'POST',
  path: '/fapi/core/chat/mute/',
  access: 'account',
  summary: "Mutes or unmutes a conversation (muted ones leave TC and SC and don't push).",
  input: z.object({ conversation_id: ConversationId, mute: z.boolean() }),
  response: z.object({ conversation: Conversation, unread: ChatUnread }),
})

export const chatTyping = defineCall({
  method: 'POST',
  path: '/fapi/core/chat/typing/',
  access: 'account',
  summary: 'Tells the other side (when online) that the viewer is typing: `chat_typing` on their sockets.',
  input: z.object({ conversation_id: ConversationId }),
  response: z.object({}),
})
