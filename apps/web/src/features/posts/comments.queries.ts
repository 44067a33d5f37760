import { useMutation, useQueryClient } from '@tanstack/react-query'
import { addComment, type Comment, deleteComment } from '@velvet/contract'
import { messageOf } from '../../lib/api/errors.ts'
import { api } from '../../lib/api/index.ts'
import { toast } from '../../ui/toast-store.ts'
import { type CommentPages, withComment, withoutComment } from './comments-cache.ts'
import { setCommentCount } from './post-cache.ts'
import { commentKeys } from './posts.queries.ts'

/*
 * Changes to a post's comments. Their own file beside posts.queries.ts: they update the post caches
 * (post-cache.ts), which read the keys of posts.queries.ts.
 */

/** Adds a comment: it goes on top of the list and the post's count follows; a failure shows a toast. */
export function useAddComment(viewerId: number, postId: number) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (text: string) => api.call(addComment, { post_id: postId, text }),
    onSuccess: (answer) => {
      client.setQueryData<CommentPages>(commentKeys.of(viewerId, postId), (data) =>
        withComment(data, answer.comment),
      )
      setCommentCount(client, postId, answer.comments)
    },
    onError: (error) => toast.error(messageOf(error)),
  })
}

/** Deletes a comment (one's own, or any on one's own post). */
export function useDeleteComment(viewerId: number, postId: number) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (comment: Comment) => api.call(deleteComment, { comment_id: comment.comment_id }),
    onSuccess: (answer, comment) => {
      client.setQueryData<CommentPages>(commentKeys.of(viewerId, postId), (data) =>
        withoutComment(data, comment.comment_id),
      )
      setCommentCount(client, postId, answer.comments)
      toast.success('Comment deleted')
    },
    onError: (error) => toast.error(messageOf(error)),
  })
}
