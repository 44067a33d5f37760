import { useMutation, useQueryClient } from '@tanstack/react-query'
import { deletePost, doPostShare, likePost, type Post, PRODUCT_NAME, pinPost } from '@velvet/contract'
import { messageOf } from '../../lib/api/errors.ts'
import { api } from '../../lib/api/index.ts'
import { feedKeys, postKeys } from '../../lib/query-keys.ts'
import { toast } from '../../ui/toast-store.ts'
import { displayName, profileKeys, shareLink } from '../profile/index.ts'
import { removePost, setLiked, updatePost } from './post-cache.ts'

/** Like or unlike, optimistically everywhere the post shows; an error puts it back and says why. */
export function useLikeToggle(postId: number) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (liked: boolean) => api.call(likePost, { post_id: postId, liked }),
    onMutate: (liked: boolean) => setLiked(client, postId, liked),
    onError: (error, liked) => {
      setLiked(client, postId, !liked)
      toast.error(messageOf(error))
    },
    onSuccess: (answer) => setLiked(client, postId, answer.liked, answer.likes),
  })
}

/** Pin to (or unpin from) the own profile; the profile grid is fetched again for its new order. */
export function usePinToggle(post: Post) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (pinned: boolean) => api.call(pinPost, { post_id: post.post_id, pinned }),
    onSuccess: ({ pinned }) => {
      updatePost(client, post.post_id, (current) => ({ ...current, pinned }))
      void client.invalidateQueries({ queryKey: postKeys.all })
      toast.success(pinned ? 'Pinned to your profile' : 'Unpinned from your profile')
    },
    onError: (error) => toast.error(messageOf(error)),
  })
}

/**
 * Delete one of the viewer's posts: gone from every list at once, the profile's counts fetched again.
 * `onDeleted` runs first (a post page leaves before its post disappears under it).
 */
export function useDeletePost(postId: number, onDeleted?: () => void) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: () => api.call(deletePost, { post_id: postId }),
    onSuccess: () => {
      onDeleted?.()
      removePost(client, postId)
      void client.invalidateQueries({ queryKey: profileKeys.all })
      void client.invalidateQueries({ queryKey: feedKeys.all, refetchType: 'none' })
      toast.success('Post deleted')
    },
    onError: (error) => toast.error(messageOf(error)),
  })
}

/** spec §7: tell the server about the share (it answers the link), then the share sheet or a copied link. */
export async function sharePost(post: Post): Promise<void> {
  try {
    const { url } = await api.call(doPostShare, { post_id: post.post_id })
    const link = new URL(url, window.location.origin).href
    await shareLink(`${displayName(post.author)} on ${PRODUCT_NAME}`, link, 'Post link copied')
  } catch (error) {
    toast.error(messageOf(error))
  }
}
