import {
  type SocketChannel,
  SocketChannels,
  type SocketPayload,
  SocketPayloads,
  socketMessage,
} from '@velvet/contract'
import { z } from 'zod'

/** The channels the web client listens to (chat_message is applied by the chat feature later). */
export const LISTENED_CHANNELS = [
  SocketChannels.userInfoChange,
  SocketChannels.signout,
  SocketChannels.realtimeNotify,
  SocketChannels.callInvite,
  SocketChannels.callCancel,
  SocketChannels.chatMessage,
  SocketChannels.chatTyping,
] as const satisfies readonly SocketChannel[]

const Envelope = socketMessage(z.unknown())

export type ParsedMessage<C extends SocketChannel> =
  | { ok: true; channel: C; issuedNum: number | null; body: SocketPayload<C> }
  | { ok: false; channel: C; error: string }

/**
 * Validates what arrived on `channel` with the contract (SocketPayloads). The server sends the socket
 * message of spec §3 ({issued_num, channel, body}); a bare body is accepted too. A message whose envelope
 * names another channel, or whose body does not match, is rejected.
 */
export function parseSocketMessage<C extends SocketChannel>(channel: C, raw: unknown): ParsedMessage<C> {
  const schema: z.ZodType<SocketPayload<C>> = SocketPayloads[channel] as unknown as z.ZodType<
    SocketPayload<C>
  >
  const envelope = Envelope.safeParse(raw)
  if (envelope.success) {
    if (envelope.data.channel !== channel) {
      return { ok: false, channel, error: `envelope names channel ${envelope.data.channel}` }
    }
    const body = schema.safeParse(envelope.data.body)
    if (!body.success) return { ok: false, channel, error: body.error.message }
    return { ok: true, channel, issuedNum: envelope.data.issued_num, body: body.data }
  }
  const bare = schema.safeParse(raw)
  if (!bare.success) return { ok: false, channel, error: bare.error.message }
  return { ok: true, channel, issuedNum: null, body: bare.data }
}
