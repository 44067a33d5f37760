import type { InfiniteData, QueryClient } from '@tanstack/react-query'
import {
  applyIncoming,
  type CallData,
  type conversationList,
  type SocketPayload,
  type systemInit,
} from '@velvet/contract'
import { systemKeys } from '../system/index.ts'
import { chatKeys } from './chat-keys.ts'

/** The conversation the room has open (spec §4: its messages raise no unread count). */
let activeConversationId: string | null = null

export const activeConversation = {
  get: (): string | null => activeConversationId,
  set: (id: string | null): void => {
    activeConversationId = id
  },
}

type InitData = CallData<typeof systemInit>
type ConversationPage = CallData<typeof conversationList>

/**
 * A `chat_message` applied to the cache at once with the contract's unread rules (spec §4): the tab badges
 * (TC, SC) and the conversation's row in the lists. The caller then refetches; the server's counts win.
 */
export function applyChatMessage(client: QueryClient, event: SocketPayload<'chat_message'>, userId: number) {
  const context = { userId, activeConversationId }
  client.setQueryData<InitData>(systemKeys.init(userId), (old) => {
    if (!old) return old
    const next = applyIncoming({ byConversation: {}, TC: old.TC, SC: old.SC }, event, context)
    return next.TC === old.TC && next.SC === old.SC ? old : { ...old, TC: next.TC, SC: next.SC }
  })
  client.setQueriesData<InfiniteData<ConversationPage>>({ queryKey: chatKeys.conversationsAll() }, (old) => {
    if (!old) return old
    return {
      ...old,
      pages: old.pages.map((page) => ({
        ...page,
        list: page.list.map((row) => {
          if (row.conversation_id !== event.conversation_id) return row
          const next = applyIncoming(
            { byConversation: { [row.conversation_id]: row.unread }, TC: 0, SC: 0 },
            event,
            context,
          )
          return { ...row, unread: next.byConversation[row.conversation_id] ?? row.unread }
        }),
      })),
    }
  })
}
