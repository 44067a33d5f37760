import type { QueryClient } from '@tanstack/react-query'
import type { SocketPayload } from '@velvet/contract'
import { setFollowState, setOwnCounts, setOwnFields } from './social-cache.ts'

type UserInfoChange = SocketPayload<'user_info_change'>

/**
 * user_info_change for the profile caches: the signed-in user's fields and `counts` reach their own
 * profile; `relation` (they followed or unfollowed someone, maybe in another tab) reaches that person's
 * profile and rows. So a follow made in one tab shows in every other.
 */
export function applyUserInfoChange(client: QueryClient, change: UserInfoChange): void {
  setOwnFields(client, change.user)
  if (change.counts) setOwnCounts(client, change.user.user_id, change.counts)
  if (change.relation) {
    const { user_id, is_following, followers } = change.relation
    setFollowState(client, user_id, is_following, followers)
  }
}
