import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  buyCoins,
  type CallData,
  coinPacks,
  finishCardSetup,
  type PaymentOutcome,
  PaymentStatusPolling,
  paymentCards,
  paymentStatus,
  removeCard,
  setDefaultCard,
  startCardSetup,
} from '@velvet/contract'
import { useEffect, useRef, useState } from 'react'
import { newIdempotencyKey } from '../../lib/api/client.ts'
import { api } from '../../lib/api/index.ts'
import { replaceQueryData } from '../../lib/query-client.ts'
import { walletKeys } from '../../lib/query-keys.ts'
import { useSession } from '../auth/index.ts'
import { nextStatusCheck, paymentWait } from './payment-wait.ts'

/** Query keys of payments (STYLE §10), keyed by the viewer. */
export const paymentKeys = {
  all: ['payments'] as const,
  cards: (viewerId: number) => [...paymentKeys.all, viewerId, 'cards'] as const,
  packs: () => [...paymentKeys.all, 'packs'] as const,
  payment: (viewerId: number, paymentId: number) =>
    [...paymentKeys.all, viewerId, 'payment', paymentId] as const,
}

type CardList = CallData<typeof paymentCards>

function useViewerId(): number {
  const session = useSession()
  return session.kind === 'account' ? session.user.user_id : 0
}

export function useCards() {
  const viewerId = useViewerId()
  return useQuery({
    queryKey: paymentKeys.cards(viewerId),
    queryFn: ({ signal }) => api.call(paymentCards, undefined, { signal }),
    enabled: viewerId > 0,
  })
}

export function useCoinPacks() {
  return useQuery({
    queryKey: paymentKeys.packs(),
    queryFn: ({ signal }) => api.call(coinPacks, undefined, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  })
}

/** Opens the provider's hosted card form; it comes back to `returnPath` with the session id. */
export function useStartCardSetup() {
  return useMutation({
    mutationFn: (returnPath: string) => api.call(startCardSetup, { return_path: returnPath }),
    onSuccess: ({ url }) => window.location.assign(url),
  })
}

/** Card list changes (finish, default, remove) answer the whole list: it replaces the cache. */
function useCardListMutation<I, O extends CardList>(run: (input: I) => Promise<O>) {
  const viewerId = useViewerId()
  const client = useQueryClient()
  return useMutation({
    mutationFn: run,
    onSuccess: (data) => replaceQueryData(client, paymentKeys.cards(viewerId), { cards: data.cards }),
  })
}

export const useFinishCardSetup = () =>
  useCardListMutation((sessionId: string) => api.call(finishCardSetup, { session_id: sessionId }))
export const useSetDefaultCard = () =>
  useCardListMutation((cardId: number) => api.call(setDefaultCard, { card_id: cardId }))
export const useRemoveCard = () =>
  useCardListMutation((cardId: number) => api.call(removeCard, { card_id: cardId }))

export interface BuyRequest {
  coins: number
  cardId: number | null
  returnPath: string
}

/**
 * Buys coins. One Idempotency-Key per action (amount + card + way back): a retry after a lost answer
 * sends the same key, so it can never charge twice; a definitive answer starts a new action.
 */
export function useBuyCoins() {
  const client = useQueryClient()
  const action = useRef<{ signature: string; key: string } | null>(null)
  return useMutation({
    mutationFn: (request: BuyRequest) => {
      const signature = JSON.stringify(request)
      if (action.current?.signature !== signature) action.current = { signature, key: newIdempotencyKey() }
      return api.call(
        buyCoins,
        { coins: request.coins, card_id: request.cardId, return_path: request.returnPath },
        { idempotencyKey: action.current.key },
      )
    },
    onSuccess: (outcome: PaymentOutcome) => {
      action.current = null
      if (outcome.status === 'succeeded') void client.invalidateQueries({ queryKey: walletKeys.all })
    },
  })
}

/**
 * A payment after the 3DS page: asked again every 1.5 s while the bank's answer is on its way, for at most
 * PaymentStatusPolling.giveUpAfterMs; then `wait` is 'stalled' and the screen says so (`checkAgain` asks
 * again and starts a new wait).
 */
export function usePaymentStatus(paymentId: number | null) {
  const viewerId = useViewerId()
  const client = useQueryClient()
  // When the app began waiting on this payment (a new payment, or "Check again", starts over).
  const [started, setStarted] = useState(() => ({ paymentId, at: Date.now() }))
  if (started.paymentId !== paymentId) setStarted({ paymentId, at: Date.now() })
  const waited = () => Date.now() - started.at
  const query = useQuery({
    queryKey: paymentKeys.payment(viewerId, paymentId ?? 0),
    queryFn: async ({ signal }) => {
      const outcome = await api.call(paymentStatus, { payment_id: paymentId ?? 0 }, { signal })
      if (outcome.status === 'succeeded') void client.invalidateQueries({ queryKey: walletKeys.all })
      return outcome
    },
    enabled: viewerId > 0 && paymentId !== null,
    refetchInterval: (q) => nextStatusCheck(q.state.data?.status, waited()),
  })
  const wait = paymentId === null ? 'settled' : paymentWait(query.data?.status, waited())
  // Nothing else re-renders the screen when the wait runs out: a timer does.
  const [, setExpired] = useState(0)
  useEffect(() => {
    if (wait !== 'waiting') return
    const timer = setTimeout(
      () => setExpired((n) => n + 1),
      PaymentStatusPolling.giveUpAfterMs - (Date.now() - started.at),
    )
    return () => clearTimeout(timer)
  }, [wait, started.at])
  const checkAgain = () => {
    setStarted({ paymentId, at: Date.now() })
    void query.refetch()
  }
  return { ...query, wait, checkAgain }
}
