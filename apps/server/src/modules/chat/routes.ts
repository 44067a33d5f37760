import {
  chatMessages,
  chatMute,
  chatRead,
  chatSend,
  conversationList,
  conversationOpen,
} from '@velvet/contract'
import type { FastifyInstance } from 'fastify'
import { registerCall } from '../../platform/http.ts'
import type { ChatService } from './service.ts'

/** A person types a few messages a second at most; bursts beyond this are scripts (per user: many share an address). */
const SEND_LIMIT = { max: 120, timeWindow: '1 minute', perUser: true }

export function registerChatRoutes(app: FastifyInstance, deps: { chat: ChatService }): void {
  const { chat } = deps
  registerCall(app, conversationList, ({ viewer, input }) => chat.list(viewer, input))
  registerCall(app, conversationOpen, ({ viewer, input }) => chat.open(viewer, input.user_id))
  registerCall(app, chatMessages, ({ viewer, input }) => chat.messages(viewer, input))
  registerCall(app, chatSend, ({ viewer, input }) => chat.send(viewer, input), { rateLimit: SEND_LIMIT })
  registerCall(app, chatRead, ({ viewer, input }) => chat.read(viewer, input))
  registerCall(app, chatMute, ({ viewer, input }) => chat.mute(viewer, input))
}
