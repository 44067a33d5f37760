import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  type CallData,
  type CallInput,
  type MassAudienceInput,
  massAudienceCount,
  massCancel,
  massCreate,
  massDetail,
  massList,
} from '@velvet/contract'
import { api } from '../../lib/api/index.ts'
import { replaceQueryData } from '../../lib/query-client.ts'
import { useDebouncedValue } from '../../lib/use-debounced-value.ts'
import { useViewerId } from '../subs/index.ts'

export type MassPage = CallData<typeof massList>
export type MassCreateRequest = CallInput<typeof massCreate>

/** Query keys of mass messages (STYLE §10), keyed by the viewer. */
export const massKeys = {
  all: ['mass'] as const,
  list: (viewerId: number) => [...massKeys.all, viewerId, 'list'] as const,
  detail: (viewerId: number, massId: number) => [...massKeys.all, viewerId, 'detail', massId] as const,
  count: (viewerId: number, audience: MassAudienceInput) =>
    [...massKeys.all, viewerId, 'count', audience] as const,
}

/** The creator's mass messages, newest first; refreshed while one is still sending. */
export function useMassList() {
  const viewerId = useViewerId()
  return useInfiniteQuery({
    queryKey: massKeys.list(viewerId),
    queryFn: ({ pageParam, signal }) =>
      api.call(massList, { limit: 20, ...(pageParam ? { cursor: pageParam } : {}) }, { signal }),
    initialPageParam: '',
    getNextPageParam: (page: MassPage) => (page.has_next && page.cursor ? page.cursor : undefined),
    enabled: viewerId > 0,
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) => page.list.some((mass) => mass.status_name === 'sending'))
        ? 3_000
        : false,
  })
}

export function useMassDetail(massId: number | null) {
  const viewerId = useViewerId()
  return useQuery({
    queryKey: massKeys.detail(viewerId, massId ?? 0),
    queryFn: ({ signal }) => api.call(massDetail, { mass_id: massId ?? 0 }, { signal }),
    enabled: viewerId > 0 && massId !== null,
    refetchInterval: (query) =>
      query.state.data?.mass.status_name === 'sending' || query.state.data?.mass.status_name === 'scheduled'
        ? 3_000
        : false,
  })
}

/** How many people an audience reaches now; follows the picker with a short debounce. */
export function useAudienceCount(audience: MassAudienceInput | null) {
  const viewerId = useViewerId()
  const settled = useDebouncedValue(audience, 250)
  return useQuery({
    queryKey: massKeys.count(viewerId, settled ?? { kind: 'followers' }),
    queryFn: ({ signal }) =>
      api.call(massAudienceCount, { audience: settled ?? { kind: 'followers' } }, { signal }),
    enabled: viewerId > 0 && settled !== null,
    placeholderData: (previous) => previous,
    staleTime: 10_000,
    retry: false,
  })
}

export function useCreateMass() {
  const client = useQueryClient()
  const viewerId = useViewerId()
  return useMutation({
    mutationFn: (request: MassCreateRequest) => api.call(massCreate, request),
    onSuccess: async (answer) => {
      await replaceQueryData(client, massKeys.detail(viewerId, answer.mass.mass_id), answer)
      void client.invalidateQueries({ queryKey: massKeys.list(viewerId) })
    },
  })
}

export function useCancelMass() {
  const client = useQueryClient()
  const viewerId = useViewerId()
  return useMutation({
    mutationFn: (massId: number) => api.call(massCancel, { mass_id: massId }),
    onSuccess: () => void client.invalidateQueries({ queryKey: massKeys.list(viewerId) }),
  })
}
