import { useMutation, useQuery } from '@tanstack/react-query'
import {
  type CallInput,
  PayoutStatus,
  payoutDetail,
  payoutList,
  payoutMethods,
  payoutOverview,
  payoutTax,
  removePayoutMethod,
  requestPayout,
  savePayoutAch,
  savePayoutPaypal,
  savePayoutTax,
  savePayoutUsdt,
  setDefaultPayoutMethod,
} from '@velvet/contract'
import { api } from '../../lib/api/index.ts'
import { useSession } from '../auth/index.ts'

/** Query keys of the payout screens (STYLE §10). */
export const payoutKeys = {
  all: ['payout'] as const,
  overview: (userId: number) => [...payoutKeys.all, 'overview', userId] as const,
  methods: (userId: number) => [...payoutKeys.all, 'methods', userId] as const,
  tax: (userId: number) => [...payoutKeys.all, 'tax', userId] as const,
  list: (userId: number) => [...payoutKeys.all, 'list', userId] as const,
  detail: (id: number) => [...payoutKeys.all, 'detail', id] as const,
}

function useUserId(): number {
  const session = useSession()
  return session.kind === 'account' ? session.user.user_id : 0
}

/** The payout overview; `enabled` false skips it (the wallet asks only for someone who earns). */
export function usePayoutOverview(enabled = true) {
  const userId = useUserId()
  return useQuery({
    queryKey: payoutKeys.overview(userId),
    queryFn: () => api.call(payoutOverview),
    enabled: enabled && userId !== 0,
  })
}

export function usePayoutMethods() {
  const userId = useUserId()
  return useQuery({
    queryKey: payoutKeys.methods(userId),
    queryFn: () => api.call(payoutMethods),
    enabled: userId !== 0,
  })
}

export function usePayoutTax() {
  const userId = useUserId()
  return useQuery({
    queryKey: payoutKeys.tax(userId),
    queryFn: () => api.call(payoutTax),
    enabled: userId !== 0,
  })
}

export function useRecentPayouts() {
  const userId = useUserId()
  return useQuery({
    queryKey: payoutKeys.list(userId),
    queryFn: () => api.call(payoutList, { limit: 10 }),
    enabled: userId !== 0,
  })
}

const open = new Set<number>([PayoutStatus.Requested, PayoutStatus.Processing])

/** One withdrawal, followed every 2 s while it is requested or processing. */
export function usePayout(payoutId: number | null) {
  return useQuery({
    queryKey: payoutKeys.detail(payoutId ?? 0),
    queryFn: () => api.call(payoutDetail, { payout_id: payoutId ?? 0 }),
    enabled: payoutId !== null && payoutId > 0,
    refetchInterval: (query) => (query.state.data && open.has(query.state.data.status) ? 2_000 : false),
  })
}

/* Changes: the screens refresh the payout queries themselves once a call succeeds. */

export function useRemovePayoutMethod() {
  return useMutation({
    mutationFn: (methodId: number) => api.call(removePayoutMethod, { method_id: methodId }),
  })
}

export function useSetDefaultPayoutMethod() {
  return useMutation({
    mutationFn: (methodId: number) => api.call(setDefaultPayoutMethod, { method_id: methodId }),
  })
}

export function useSavePayoutTax() {
  return useMutation({
    mutationFn: (values: CallInput<typeof savePayoutTax>) => api.call(savePayoutTax, values),
  })
}

export function useSavePayoutAch() {
  return useMutation({
    mutationFn: (values: CallInput<typeof savePayoutAch>) => api.call(savePayoutAch, values),
  })
}

export function useSavePayoutPaypal() {
  return useMutation({
    mutationFn: (values: CallInput<typeof savePayoutPaypal>) => api.call(savePayoutPaypal, values),
  })
}

export function useSavePayoutUsdt() {
  return useMutation({
    mutationFn: (values: CallInput<typeof savePayoutUsdt>) => api.call(savePayoutUsdt, values),
  })
}

/** A withdrawal; the same key for a retry of the same amount and method (DESIGN §3). */
export function useRequestPayout() {
  return useMutation({
    mutationFn: ({
      input,
      idempotencyKey,
    }: {
      input: CallInput<typeof requestPayout>
      idempotencyKey: string
    }) => api.call(requestPayout, input, { idempotencyKey }),
  })
}
