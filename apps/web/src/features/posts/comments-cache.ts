import type { InfiniteData } from '@tanstack/react-query'
import type { Comment } from '@velvet/contract'
import type { CommentPage } from './posts.queries.ts'

export type CommentPages = InfiniteData<CommentPage, unknown>

/** The comments of every loaded page, oldest first, each once. */
export function flattenComments(data: CommentPages | undefined): Comment[] {
  if (!data) return []
  const seen = new Set<number>()
  const comments: Comment[] = []
  for (const page of data.pages) {
    for (const comment of page.list) {
      if (seen.has(comment.comment_id)) continue
      seen.add(comment.comment_id)
      comments.push(comment)
    }
  }
  return comments
}

/**
 * A new comment goes at the end when the last page is loaded; otherwise it arrives with "load more"
 * (the list is oldest first), so nothing is shown twice or out of order.
 */
export function withComment(data: CommentPages | undefined, comment: Comment): CommentPages | undefined {
  const last = data?.pages.at(-1)
  if (!data || !last || last.has_next) return data
  return { ...data, pages: [...data.pages.slice(0, -1), { ...last, list: [...last.list, comment] }] }
}

export function withoutComment(data: CommentPages | undefined, commentId: number): CommentPages | undefined {
  if (!data) return data
  return {
    ...data,
    pages: data.pages.map((page) =>
      page.list.some((c) => c.comment_id === commentId)
        ? { ...page, list: page.list.filter((c) => c.comment_id !== commentId) }
        : page,
    ),
  }
}
