import {
  ChatRules,
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

/** Per user, not per address: many people share an address. */
const SEND_LIMIT = { max: ChatRules.sendsPerMinute, timeWindow: '1 minute', perUser: true }

export function registerChatRoutes(app: FastifyInstance, deps: { chat: ChatService }): void {
  const { chat } = deps
  registerCall(app, conversationList, ({ viewer, input }) => chat.list(viewer, input))
  registerCall(app, conversationOpen, ({ viewer, input }) => chat.open(viewer, input.user_id))
  registerCall(app, chatMessages, ({ viewer, input }) => chat.messages(viewer, input))
  registerCall(app, chatSend, ({ viewer, input }) => chat.send(viewer, input), { rateLimit: SEND_LIMIT })
  registerCall(app, chatRead, ({ viewer, input }) => chat.read(viewer, input))
  registerCall(app, chatMute, ({ viewer, input }) => chat.mute(viewer, input))
}
