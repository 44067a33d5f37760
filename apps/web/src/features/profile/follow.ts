import { useMutation, useQueryClient } from '@tanstack/react-query'
import { followUser, unfollowUser } from '@velvet/contract'
import { messageOf } from '../../lib/api/errors.ts'
import { api } from '../../lib/api/index.ts'
import { toast } from '../../ui/toast-store.ts'
import { profileKeys } from './profile.queries.ts'
import { setFollowState } from './social-cache.ts'

/**
 * Follow or unfollow `userId`, optimistically: the button, the count and every row change at once; an
 * error puts them back and shows the contract's message; success takes the server's follower count.
 */
export function useFollowToggle(userId: number) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (follow: boolean): Promise<{ is_following: boolean; followers: number }> =>
      follow ? api.call(followUser, { user_id: userId }) : api.call(unfollowUser, { user_id: userId }),
    onMutate: async (follow: boolean) => {
      // A profile answer in flight would overwrite the optimistic state.
      await client.cancelQueries({ queryKey: profileKeys.all })
      setFollowState(client, userId, follow)
    },
    onError: (error, follow) => {
      setFollowState(client, userId, !follow)
      toast.error(messageOf(error))
    },
    onSuccess: (answer) => setFollowState(client, userId, answer.is_following, answer.followers),
  })
}
