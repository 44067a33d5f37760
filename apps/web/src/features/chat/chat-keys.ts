import type { ConversationFilter } from '@velvet/contract'

/** Query keys of chat (STYLE §10). Logout clears the cache, so keys need no viewer id. */
export const chatKeys = {
  all: ['chat'] as const,
  conversationsAll: () => [...chatKeys.all, 'conversations'] as const,
  conversations: (filter: ConversationFilter, q: string | undefined) =>
    [...chatKeys.conversationsAll(), filter, q ?? ''] as const,
  open: (userId: number) => [...chatKeys.all, 'open', userId] as const,
  messages: (conversationId: string) => [...chatKeys.all, 'messages', conversationId] as const,
  paidSettings: () => [...chatKeys.all, 'paid-settings'] as const,
}
