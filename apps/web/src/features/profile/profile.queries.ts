import { useMutation, useQuery } from '@tanstack/react-query'
import { type CallData, type CallInput, profileUpdate, profileView, uploadPortrait } from '@velvet/contract'
import { api } from '../../lib/api/index.ts'
import { useSession } from '../auth/index.ts'
import { sessionUserId } from '../system/index.ts'

export type ProfileAnswer = CallData<typeof profileView>

/**
 * Query keys of profiles (STYLE §10). A profile depends on who looks (is_self, is_following), so the key
 * carries the viewer: a guest who signs in sees the account's view, not the guest's.
 */
export const profileKeys = {
  all: ['profile'] as const,
  byName: (viewerId: number, userName: string) =>
    [...profileKeys.all, viewerId, 'name', userName.toLowerCase()] as const,
}

/** The profile at /@{userName} as the current session sees it. */
export function useProfile(userName: string) {
  const viewerId = sessionUserId(useSession())
  return useQuery({
    queryKey: profileKeys.byName(viewerId ?? 0, userName),
    queryFn: ({ signal }) => api.call(profileView, { user_name: userName }, { signal }),
    enabled: viewerId !== null,
  })
}

/** Uploads a new portrait; answers the updated user (the screen applies it to the session). */
export function useUploadPortrait() {
  return useMutation({ mutationFn: (picture: Blob) => api.call(uploadPortrait, picture) })
}

/** Saves the changed profile fields; answers the updated user. */
export function useUpdateProfile() {
  return useMutation({
    mutationFn: (edits: CallInput<typeof profileUpdate>) => api.call(profileUpdate, edits),
  })
}
