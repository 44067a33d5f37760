import { z } from 'zod'
import { UserId } from './auth.ts'
import { defineCall } from './define.ts'
import { PostAuthor } from './post.ts'
import { PageQuery, pageOf } from './profile.ts'

/**
 * One-to-one chat (issue 7, spec §2 /message and /chatRoom, §3 Chat message, §4 Unread). A conversation has
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
} as const

export const ChatTexts = {
  emptyConversations: 'No messages yet',
  emptyConversationsHint: 'When you message a creator, or a fan messages you, it shows up here.',
  sendFailed: 'Not sent. Tap to retry.',
  composerPlaceholder: 'Write a message',
  seen: 'Seen',
  startHint: 'Say hello. Messages are private between the two of you.',
} as const

/** The conversation id as the spec's payloads carry it (a string of digits). */
export const ConversationId = z.string().regex(/^\d{1,18}$/, { message: 'Not a conversation.' })

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
})
export type Conversation = z.infer<typeof Conversation>

export const conversationList = defineCall({
  method: 'GET',
  path: '/fapi/core/chat/conversations/',
  access: 'account',
  summary: 'Conversations newest first, with a filter and a name search.',
  input: PageQuery.extend({
    filter: ConversationFilter.default('all'),
    q: z.string().trim().max(ChatRules.searchMax).optional(),
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
  summary: 'Sends a text message; the same client_msg_id stores it once.',
  input: z.object({
    conversation_id: ConversationId,
    client_msg_id: z.string().trim().min(8).max(ChatRules.clientMsgIdMax),
    text: z
      .string()
      .trim()
      .min(1, { message: 'Write a message first.' })
      .max(ChatRules.textMax, { message: `A message is at most ${ChatRules.textMax} characters.` }),
  }),
  response: z.object({ message: ChatMessage }),
})

/** Unread totals (spec §3): TC chat (not muted), SC chat from spenders (not muted). */
export const ChatUnread = z.object({ TC: z.number().int().min(0), SC: z.number().int().min(0) })

export const chatRead = defineCall({
  method: 'POST',
  path: '/fapi/core/chat/read/',
  access: 'account',
  summary: 'Marks a conversation read up to a message; answers the new totals.',
  input: z.object({ conversation_id: ConversationId, message_id: z.number().int().positive() }),
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
