import {
  keepPreviousData,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query'
import {
  ChatRules,
  type Conversation,
  type ConversationFilter,
  chatMessages,
  chatMute,
  chatRead,
  chatTip,
  chatTyping,
  chatUnlock,
  conversationList,
  conversationOpen,
  type PaidMessageSettings,
  paidMessageSettings,
  updatePaidMessageSettings,
} from '@velvet/contract'
import { messageOf } from '../../lib/api/errors.ts'
import { api } from '../../lib/api/index.ts'
import { replaceQueryData } from '../../lib/query-client.ts'
import { walletKeys } from '../../lib/query-keys.ts'
import { toast } from '../../ui/toast-store.ts'
import { systemKeys } from '../system/index.ts'
import { useActionKey } from '../wallet/index.ts'
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

/** The signed-in creator's paid message settings (/setting/paid_message). */
export function usePaidMessageSettings() {
  return useQuery({
    queryKey: chatKeys.paidSettings(),
    queryFn: () => api.call(paidMessageSettings),
  })
}

/** After money moved in a conversation: its messages, the conversation (price, free left) and the wallet. */
export function refreshAfterSpend(client: QueryClient, conversationId: string, peerId: number) {
  void client.invalidateQueries({ queryKey: chatKeys.messages(conversationId) })
  void client.invalidateQueries({ queryKey: chatKeys.open(peerId) })
  void client.invalidateQueries({ queryKey: chatKeys.conversationsAll() })
  void client.invalidateQueries({ queryKey: walletKeys.all })
}

/** Unlocks a PPV message at the price shown (one Idempotency-Key per message and price). */
export function useUnlockMessage(conversationId: string, peerId: number) {
  const client = useQueryClient()
  const keys = useActionKey()
  return useMutation({
    mutationFn: (input: { messageId: number; price: number }) =>
      api.call(
        chatUnlock,
        { message_id: input.messageId, price: input.price },
        { idempotencyKey: keys.for(`chat-unlock:${input.messageId}:${input.price}`) },
      ),
    onSuccess: (answer) => {
      keys.done()
      toast.success(answer.charged ? 'Unlocked. Enjoy!' : 'You had unlocked this already.')
      refreshAfterSpend(client, conversationId, peerId)
    },
  })
}

export interface ChatTipInput {
  coins: number | null
  giftId: number | null
  text: string
  /** The message's client id (made once per tap, kept for retries). */
  clientMsgId: string
}

/** A tip or a gift as a message of the conversation. */
export function useChatTip(conversationId: string, peerId: number) {
  const client = useQueryClient()
  const keys = useActionKey()
  return useMutation({
    mutationFn: (input: ChatTipInput) =>
      api.call(
        chatTip,
        {
          conversation_id: conversationId,
          client_msg_id: input.clientMsgId,
          coins: input.coins,
          gift_id: input.giftId,
          text: input.text.trim(),
        },
        { idempotencyKey: keys.for(`chat-tip:${input.clientMsgId}`) },
      ),
    onSuccess: () => {
      keys.done()
      refreshAfterSpend(client, conversationId, peerId)
    },
  })
}

/** "I am typing" to the other side; best effort, a failed ping is not worth a word. */
export function sendTyping(conversationId: string): void {
  void api.call(chatTyping, { conversation_id: conversationId }).catch(() => undefined)
}

/** Marks the conversation read up to `messageId`; the tab badges and the conversation list follow. */
export function markRead(client: QueryClient, conversationId: string, messageId: number): void {
  void api.call(chatRead, { conversation_id: conversationId, message_id: messageId }).then(() => {
    void client.invalidateQueries({ queryKey: systemKeys.initAll() })
    void client.invalidateQueries({ queryKey: chatKeys.conversationsAll() })
  })
}

/** Mutes or unmutes a conversation, with a toast either way. */
export function useMuteConversation(conversation: Conversation) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (next: boolean) =>
      api.call(chatMute, { conversation_id: conversation.conversation_id, mute: next }),
    onSuccess: async (answer) => {
      await replaceQueryData(client, chatKeys.open(conversation.peer.user_id), {
        conversation: answer.conversation,
      })
      void client.invalidateQueries({ queryKey: systemKeys.initAll() })
      toast.success(answer.conversation.mute ? 'Conversation muted' : 'Conversation unmuted')
    },
    onError: (error) => toast.error(messageOf(error)),
  })
}

/** Saves the price of messages to this creator and who writes for free. */
export function useSavePaidMessageSettings() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (settings: PaidMessageSettings) => api.call(updatePaidMessageSettings, settings),
    onSuccess: async (answer) => {
      await replaceQueryData(client, chatKeys.paidSettings(), answer)
      void client.invalidateQueries({ queryKey: chatKeys.conversationsAll() })
      toast.success(answer.settings.price === 0 ? 'Messages to you are free.' : 'Paid message price saved.')
    },
    onError: (error) => toast.error(messageOf(error)),
  })
}
