import { useQuery } from '@tanstack/react-query'
import { blockedLocations } from '@velvet/contract'
import { api } from '../../lib/api/index.ts'
import { useSession } from '../auth/session.ts'

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
