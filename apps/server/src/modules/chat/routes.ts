import {
  ChatRules,
  chatMessages,
  chatMute,
  chatRead,
  chatSend,
  chatTip,
  chatTyping,
  chatUnlock,
  conversationList,
  conversationOpen,
  paidMessageSettings,
  updatePaidMessageSettings,
} from '@velvet/contract'
import type { FastifyInstance } from 'fastify'
import { registerCall } from '../../platform/http.ts'
import type { ChatService } from './service.ts'

/** Per user, not per address: many people share an address. */
const SEND_LIMIT = { max: ChatRules.sendsPerMinute, timeWindow: '1 minute', perUser: true }
/** A typing client calls at most every ChatRules.typingEveryMs; twice that leaves room for two tabs. */
const TYPING_LIMIT = { max: (2 * 60_000) / ChatRules.typingEveryMs, timeWindow: '1 minute', perUser: true }

export function registerChatRoutes(app: FastifyInstance, deps: { chat: ChatService }): void {
  const { chat } = deps
  registerCall(app, conversationList, ({ viewer, input }) => chat.list(viewer, input))
  registerCall(app, conversationOpen, ({ viewer, input }) => chat.open(viewer, input.user_id))
  registerCall(app, chatMessages, ({ viewer, input }) => chat.messages(viewer, input))
  registerCall(app, chatSend, ({ viewer, input }) => chat.send(viewer, input), { rateLimit: SEND_LIMIT })
  registerCall(app, chatUnlock, ({ viewer, input, idempotencyKey }) =>
    chat.unlock(viewer, input, idempotencyKey),
  )
  registerCall(app, chatTip, ({ viewer, input, idempotencyKey }) => chat.tip(viewer, input, idempotencyKey), {
    rateLimit: SEND_LIMIT,
  })
  registerCall(app, chatTyping, ({ viewer, input }) => chat.typing(viewer, input), {
    rateLimit: TYPING_LIMIT,
  })
  registerCall(app, chatRead, ({ viewer, input }) => chat.read(viewer, input))
  registerCall(app, chatMute, ({ viewer, input }) => chat.mute(viewer, input))
  registerCall(app, paidMessageSettings, ({ viewer }) => chat.paidSettings(viewer))
  registerCall(app, updatePaidMessageSettings, ({ viewer, input }) => chat.savePaidSettings(viewer, input))
}
