import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  type CallData,
  sendGift,
  type TransactionFilter,
  transactionsList,
  walletSummary,
} from '@velvet/contract'
import { useRef } from 'react'
import { newIdempotencyKey } from '../../lib/api/client.ts'
import { api } from '../../lib/api/index.ts'
import { walletKeys } from '../../lib/query-keys.ts'
import { useSession } from '../auth/index.ts'

export type TransactionPage = CallData<typeof transactionsList>

/** The signed-up viewer's id, or null (guests have no wallet). */
export function useAccountId(): number | null {
  const session = useSession()
  return session.kind === 'account' ? session.user.user_id : null
}

export function useWalletSummary() {
  const viewerId = useAccountId()
  return useQuery({
    queryKey: walletKeys.summary(viewerId ?? 0),
    queryFn: ({ signal }) => api.call(walletSummary, undefined, { signal }),
    enabled: viewerId !== null,
  })
}

export function useTransactions(filter: TransactionFilter) {
  const viewerId = useAccountId()
  return useInfiniteQuery({
    queryKey: walletKeys.transactions(viewerId ?? 0, filter),
    queryFn: ({ pageParam, signal }) =>
      api.call(transactionsList, { filter, ...(pageParam ? { cursor: pageParam } : {}) }, { signal }),
    initialPageParam: '',
    getNextPageParam: (page: TransactionPage) => (page.has_next && page.cursor ? page.cursor : undefined),
    enabled: viewerId !== null,
  })
}

/**
 * One Idempotency-Key per user action (DESIGN §3): kept while the same action is retried (a network failure,
 * a return from buying coins), renewed once it succeeded or the action changed.
 */
export function useActionKey() {
  const key = useRef<{ action: string; key: string } | null>(null)
  return {
    for(action: string): string {
      if (key.current?.action !== action) key.current = { action, key: newIdempotencyKey() }
      return key.current.key
    },
    done() {
      key.current = null
    },
  }
}

/** After money moved: balances and statements are fetched again. */
function refreshWallet(client: ReturnType<typeof useQueryClient>) {
  void client.invalidateQueries({ queryKey: walletKeys.all })
}

export interface GiftInput {
  giftId: number
  creatorId: number
  postId: number | null
  message: string
}

export function useSendGift() {
  const client = useQueryClient()
  const keys = useActionKey()
  return useMutation({
    mutationFn: (input: GiftInput) =>
      api.call(
        sendGift,
        {
          gift_id: input.giftId,
          creator_id: input.creatorId,
          post_id: input.postId,
          message: input.message.trim() || null,
        },
        {
          idempotencyKey: keys.for(
            `gift:${input.giftId}:${input.creatorId}:${input.postId}:${input.message}`,
          ),
        },
      ),
    onSuccess: () => {
      keys.done()
      refreshWallet(client)
    },
  })
}
