import type { ChatMessage } from '@velvet/contract'

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
  ...fields,
})
