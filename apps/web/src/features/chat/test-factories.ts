import type { ChatMessage, Conversation } from '@velvet/contract'

/** A plain text message as the server presents it (`fields` replace any of it). */
export const textMessage = (
  id: number,
  sender: number,
  text = `m${id}`,
  fields: Partial<ChatMessage> = {},
): ChatMessage => ({
  message_id: id,
  conversation_id: '7',
  sender: { id: sender },
  msg_type: 1,
  text,
  client_msg_id: null,
  timetoken: id * 1_000_000,
  authorship: null,
  media: [],
  price: null,
  locked: false,
  coins: null,
  gift_id: null,
  paid_coins: null,
  refunded: false,
  bought: null,
  ...fields,
})

/** A conversation with a creator (user 2, Ava) as the viewer sees it (`fields` replace any of it). */
export const aConversation = (fields: Partial<Conversation> = {}): Conversation => ({
  conversation_id: '7',
  peer: { user_id: 2, user_name: 'ava', nickname: 'Ava', portrait: null, verified: true, is_creator: true },
  last_message: null,
  unread: 0,
  mute: 0,
  has_spent: false,
  peer_read_id: 0,
  send_price: 0,
  free_left: null,
  peer_fan: null,
  ...fields,
})
