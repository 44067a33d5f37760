import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query'
import {
  ChatRules,
  type ConversationFilter,
  chatMessages,
  conversationList,
  conversationOpen,
} from '@velvet/contract'
import { api } from '../../lib/api/index.ts'
import { chatKeys } from './chat-keys.ts'

export function useConversations(filter: ConversationFilter, q: string | undefined) {
  return useInfiniteQuery({
    queryKey: chatKeys.conversations(filter, q),
    queryFn: ({ pageParam, signal }) =>
      api.call(
        conversationList,
        { filter, q, cursor: pageParam, limit: ChatRules.conversationsPageSize },
        { signal },
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => (page.has_next ? (page.cursor ?? undefined) : undefined),
    placeholderData: keepPreviousData,
  })
}

/** The conversation with a user (made on first use): /chatRoom?u1=&u2=. */
export function useConversationWith(userId: number | null) {
  return useQuery({
    queryKey: chatKeys.open(userId ?? 0),
    queryFn: () => api.call(conversationOpen, { user_id: userId ?? 0 }),
    enabled: userId !== null,
    retry: false,
  })
}

export function useMessages(conversationId: string | null) {
  return useInfiniteQuery({
    queryKey: chatKeys.messages(conversationId ?? ''),
    queryFn: ({ pageParam, signal }) =>
      api.call(
        chatMessages,
        { conversation_id: conversationId ?? '', cursor: pageParam, limit: ChatRules.pageSize },
        { signal },
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => (page.has_next ? (page.cursor ?? undefined) : undefined),
    enabled: conversationId !== null,
  })
}
