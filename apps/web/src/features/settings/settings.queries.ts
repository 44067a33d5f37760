import { useQuery } from '@tanstack/react-query'
import { type AdultSettings, adultSettings, updateAdultSettings } from '@velvet/contract'
import { api } from '../../lib/api/index.ts'
import { useSession } from '../auth/index.ts'

/** Query keys of the settings screens (STYLE §10). */
export const settingsKeys = {
  all: ['settings'] as const,
  adult: (userId: number) => [...settingsKeys.all, 'adult', userId] as const,
}

/** The signed-in account's adult-content display settings (also read by the media features). */
export function useAdultSettings() {
  const session = useSession()
  const userId = session.kind === 'account' ? session.user.user_id : 0
  return useQuery({
    queryKey: settingsKeys.adult(userId),
    queryFn: () => api.call(adultSettings),
    enabled: userId !== 0,
  })
}

/** Saves changed adult-content switches; answers the full, fresh settings (the optimistic switches' `send`). */
export function sendAdultSettings(patch: Partial<AdultSettings>) {
  return api.call(updateAdultSettings, patch)
}
