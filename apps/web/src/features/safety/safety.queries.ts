import { useMutation, useQuery } from '@tanstack/react-query'
import { addBlockedLocation, blockedLocations, type CallInput, removeBlockedLocation } from '@velvet/contract'
import { api } from '../../lib/api/index.ts'
import { useSession } from '../auth/index.ts'

/** Query keys of the blocked-locations screen (STYLE §10). */
export const safetyKeys = {
  all: ['safety'] as const,
  blockedLocations: (userId: number) => [...safetyKeys.all, 'blocked-locations', userId] as const,
}

export function useBlockedLocations() {
  const session = useSession()
  const userId = session.kind === 'account' ? session.user.user_id : 0
  return useQuery({
    queryKey: safetyKeys.blockedLocations(userId),
    queryFn: () => api.call(blockedLocations),
    enabled: userId !== 0,
  })
}

/** Blocks one more country or region (the screen adds the answer to its list). */
export function useAddBlockedLocation() {
  return useMutation({
    mutationFn: (place: CallInput<typeof addBlockedLocation>) => api.call(addBlockedLocation, place),
  })
}

/** Unblocks a location (the screen drops it from its list). */
export function useRemoveBlockedLocation() {
  return useMutation({ mutationFn: (id: number) => api.call(removeBlockedLocation, { id }) })
}
