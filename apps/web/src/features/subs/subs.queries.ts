import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  type CallData,
  type CallInput,
  membershipOffer,
  membershipPlanMine,
  membershipPlanSave,
  membershipSubscribe,
  subscriberList,
  subscriptionAutoRenew,
  subscriptionDetail,
  subscriptionList,
  trialLinkCreate,
  trialLinkList,
  trialLinkRevoke,
} from '@velvet/contract'
import { useRef } from 'react'
import { newIdempotencyKey } from '../../lib/api/client.ts'
import { api } from '../../lib/api/index.ts'
import { feedKeys, postKeys } from '../../lib/query-keys.ts'
import { useSession } from '../auth/index.ts'
import { profileKeys } from '../profile/index.ts'

export type ListStatus = 'current' | 'ended'
export type Offer = CallData<typeof membershipOffer>
export type SubscriptionPage = CallData<typeof subscriptionList>
export type SubscriberPage = CallData<typeof subscriberList>
export type SubscribeRequest = CallInput<typeof membershipSubscribe>

/** Query keys of memberships (STYLE §10), keyed by the viewer. */
export const subsKeys = {
  all: ['subs'] as const,
  offer: (viewerId: number, creatorId: number, trial: string | null) =>
    [...subsKeys.all, viewerId, 'offer', creatorId, trial] as const,
  detail: (viewerId: number, creatorId: number) => [...subsKeys.all, viewerId, 'detail', creatorId] as const,
  mine: (viewerId: number, status: ListStatus) => [...subsKeys.all, viewerId, 'mine', status] as const,
  members: (viewerId: number, status: ListStatus) => [...subsKeys.all, viewerId, 'members', status] as const,
  plan: (viewerId: number) => [...subsKeys.all, viewerId, 'plan'] as const,
  trials: (viewerId: number) => [...subsKeys.all, viewerId, 'trials'] as const,
}

export function useViewerId(): number {
  const session = useSession()
  return session.kind === 'account' ? session.user.user_id : 0
}

export function useOffer(creatorId: number, trial: string | null, enabled = true) {
  const viewerId = useViewerId()
  return useQuery({
    queryKey: subsKeys.offer(viewerId, creatorId, trial),
    queryFn: ({ signal }) =>
      api.call(membershipOffer, { user_id: creatorId, ...(trial ? { trial } : {}) }, { signal }),
    enabled: enabled && viewerId > 0 && creatorId > 0,
  })
}

export function useSubscriptionDetail(creatorId: number, enabled = true) {
  const viewerId = useViewerId()
  return useQuery({
    queryKey: subsKeys.detail(viewerId, creatorId),
    queryFn: ({ signal }) => api.call(subscriptionDetail, { creator_id: creatorId }, { signal }),
    enabled: enabled && viewerId > 0 && creatorId > 0,
    retry: false,
  })
}

export function useMySubscriptions(status: ListStatus) {
  const viewerId = useViewerId()
  return useInfiniteQuery({
    queryKey: subsKeys.mine(viewerId, status),
    queryFn: ({ pageParam, signal }) =>
      api.call(subscriptionList, { status, ...(pageParam ? { cursor: pageParam } : {}) }, { signal }),
    initialPageParam: '',
    getNextPageParam: (page: SubscriptionPage) => (page.has_next && page.cursor ? page.cursor : undefined),
    enabled: viewerId > 0,
  })
}

export function useSubscribers(status: ListStatus) {
  const viewerId = useViewerId()
  return useInfiniteQuery({
    queryKey: subsKeys.members(viewerId, status),
    queryFn: ({ pageParam, signal }) =>
      api.call(subscriberList, { status, ...(pageParam ? { cursor: pageParam } : {}) }, { signal }),
    initialPageParam: '',
    getNextPageParam: (page: SubscriberPage) => (page.has_next && page.cursor ? page.cursor : undefined),
    enabled: viewerId > 0,
  })
}

/** After a membership changed: the viewer's membership views, the creator's posts (now open or locked). */
function useRefreshMemberships() {
  const client = useQueryClient()
  const viewerId = useViewerId()
  return () => {
    void client.invalidateQueries({ queryKey: [...subsKeys.all, viewerId] })
    void client.invalidateQueries({ queryKey: postKeys.all })
    void client.invalidateQueries({ queryKey: feedKeys.all })
    void client.invalidateQueries({ queryKey: profileKeys.all })
  }
}

/**
 * Subscribes. One Idempotency-Key per action (creator, option, card, price): a retry after a lost answer
 * sends the same key, so it can never charge twice; a definitive answer starts a new action.
 */
export function useSubscribe() {
  const refresh = useRefreshMemberships()
  const action = useRef<{ signature: string; key: string } | null>(null)
  return useMutation({
    mutationFn: (request: SubscribeRequest) => {
      const signature = JSON.stringify(request)
      if (action.current?.signature !== signature) action.current = { signature, key: newIdempotencyKey() }
      return api.call(membershipSubscribe, request, { idempotencyKey: action.current.key })
    },
    onSuccess: (answer) => {
      action.current = null
      if (answer.status === 'succeeded') refresh()
    },
  })
}

export function useSetAutoRenew(creatorId: number) {
  const refresh = useRefreshMemberships()
  return useMutation({
    mutationFn: (autoRenew: boolean) =>
      api.call(subscriptionAutoRenew, { creator_id: creatorId, auto_renew: autoRenew }),
    onSuccess: refresh,
  })
}

export function usePlanMine() {
  const viewerId = useViewerId()
  return useQuery({
    queryKey: subsKeys.plan(viewerId),
    queryFn: ({ signal }) => api.call(membershipPlanMine, undefined, { signal }),
    enabled: viewerId > 0,
  })
}

export function useSavePlan() {
  const client = useQueryClient()
  const viewerId = useViewerId()
  return useMutation({
    mutationFn: (input: CallInput<typeof membershipPlanSave>) => api.call(membershipPlanSave, input),
    onSuccess: () => void client.invalidateQueries({ queryKey: subsKeys.plan(viewerId) }),
  })
}

export function useTrials() {
  const viewerId = useViewerId()
  return useQuery({
    queryKey: subsKeys.trials(viewerId),
    queryFn: ({ signal }) => api.call(trialLinkList, undefined, { signal }),
    enabled: viewerId > 0,
  })
}

export function useCreateTrial() {
  const client = useQueryClient()
  const viewerId = useViewerId()
  return useMutation({
    mutationFn: (input: { days: number; max_uses: number }) => api.call(trialLinkCreate, input),
    onSuccess: () => void client.invalidateQueries({ queryKey: subsKeys.trials(viewerId) }),
  })
}

export function useRevokeTrial() {
  const client = useQueryClient()
  const viewerId = useViewerId()
  return useMutation({
    mutationFn: (code: string) => api.call(trialLinkRevoke, { code }),
    onSuccess: () => void client.invalidateQueries({ queryKey: subsKeys.trials(viewerId) }),
  })
}
