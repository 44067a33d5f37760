import { useQuery } from '@tanstack/react-query'
import {
  PayoutStatus,
  payoutDetail,
  payoutList,
  payoutMethods,
  payoutOverview,
  payoutTax,
} from '@velvet/contract'
import { api } from '../../lib/api/index.ts'
import { useSession } from '../auth/session.ts'

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

export function usePayoutOverview() {
  const userId = useUserId()
  return useQuery({
    queryKey: payoutKeys.overview(userId),
    queryFn: () => api.call(payoutOverview),
    enabled: userId !== 0,
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
