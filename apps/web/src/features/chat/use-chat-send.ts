import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type ChatMessage, type Conversation, chatSend, coinsNeededOf } from '@velvet/contract'
import { useEffect, useState } from 'react'
import { isApiError, messageOf } from '../../lib/api/errors.ts'
import { api } from '../../lib/api/index.ts'
import { walletKeys } from '../../lib/query-keys.ts'
import { toast } from '../../ui/toast-store.ts'
import { chatKeys } from './chat-keys.ts'
import { type MessageDraft, newClientMsgId } from './chat-rules.ts'
import { type FailedMessage, failedMessages } from './failed-messages.ts'

/** A message on its way to the server, or one that failed to get there (shown with Retry and Delete). */
export interface Pending extends MessageDraft {
  clientId: string
  failed: boolean
  /** When it was first sent (microseconds, the failed-message store's timetoken). */
  timetoken: number
}

/** `all` with the messages saved as failed put first (each once), as failed. */
export function withRestored(all: Pending[], saved: FailedMessage[]): Pending[] {
  return [
    ...saved
      .filter((item) => !all.some((p) => p.clientId === item.id))
      .map((item) => ({
        clientId: item.id,
        text: item.text,
        failed: true,
        timetoken: item.timetoken,
        media: item.media ?? [],
        price: item.price ?? null,
      })),
    ...all,
  ]
}

/** The pending messages still to show: a send whose answer was lost may be stored after all, and stands for it. */
export function unsent(pending: Pending[], messages: ChatMessage[]): Pending[] {
  return pending.filter((item) => !messages.some((message) => message.client_msg_id === item.clientId))
}

/**
 * Sending in a chat room: each message shows as pending until the server stores it; one that fails stays as
 * failed (also in IndexedDB, so a reload brings it back) until it is sent again or deleted. Not enough coins
 * for a paid message calls `buyCoins` with the coins missing.
 */
export function useChatSend({
  viewerId,
  conversation,
  buyCoins,
}: {
  viewerId: number
  conversation: Conversation
  buyCoins: (coins: number) => void
}) {
  const client = useQueryClient()
  const id = conversation.conversation_id
  const peerId = conversation.peer.user_id
  const [pending, setPending] = useState<Pending[]>([])
  const refetchConversation = () => void client.invalidateQueries({ queryKey: chatKeys.open(peerId) })

  // Messages that failed to send before (this tab or an earlier one) come back as failed.
  useEffect(() => {
    let current = true
    void failedMessages.list(viewerId, id).then((saved) => {
      if (!current || saved.length === 0) return
      setPending((all) => withRestored(all, saved))
    })
    return () => {
      current = false
    }
  }, [viewerId, id])

  const send = useMutation({
    // Offline, a send fails at once and is kept as failed (IndexedDB) rather than paused in memory.
    networkMode: 'always',
    mutationFn: (item: Pending) =>
      api.call(chatSend, {
        conversation_id: id,
        client_msg_id: item.clientId,
        text: item.text,
        media: item.media,
        price: item.price,
        // The price shown above the composer (0 while messages are free).
        paid_price: conversation.send_price,
      }),
    onSuccess: async (answer, item) => {
      await client.invalidateQueries({ queryKey: chatKeys.messages(id) })
      setPending((all) => all.filter((p) => p.clientId !== item.clientId))
      void failedMessages.remove(item.clientId)
      void client.invalidateQueries({ queryKey: chatKeys.conversationsAll() })
      // A free message used, or a paid one: the price line and the wallet change.
      if (conversation.free_left !== null || answer.message.paid_coins !== null) {
        refetchConversation()
        if (answer.message.paid_coins !== null) void client.invalidateQueries({ queryKey: walletKeys.all })
      }
    },
    onError: (error, item) => {
      setPending((all) => all.map((p) => (p.clientId === item.clientId ? { ...p, failed: true } : p)))
      void failedMessages.save({
        id: item.clientId,
        userId: viewerId,
        conversation_id: id,
        timetoken: item.timetoken,
        text: item.text,
        media: item.media,
        price: item.price,
      })
      if (isApiError(error) && error.code === 5004) {
        buyCoins(coinsNeededOf(error.fields) ?? conversation.send_price)
        return
      }
      // The creator changed the price: the composer shows the new one before the fan sends again.
      if (isApiError(error) && error.code === 6005) refetchConversation()
      if (isApiError(error) && error.status > 0 && error.status < 500) toast.error(messageOf(error))
    },
  })

  return {
    pending,
    /** Sends what the composer made, with a new client id (kept for every retry). */
    queue(draft: MessageDraft) {
      const item: Pending = {
        clientId: newClientMsgId(),
        text: draft.text,
        failed: false,
        timetoken: Date.now() * 1000,
        media: draft.media,
        price: draft.price,
      }
      setPending((all) => [...all, item])
      send.mutate(item)
    },
    retry(item: Pending) {
      setPending((all) => all.map((p) => (p.clientId === item.clientId ? { ...p, failed: false } : p)))
      send.mutate({ ...item, failed: false })
    },
    discard(item: Pending) {
      setPending((all) => all.filter((p) => p.clientId !== item.clientId))
      void failedMessages.remove(item.clientId)
    },
  }
}
