import type { QueryClient } from '@tanstack/react-query'
import { type Post, postDetail } from '@velvet/contract'
import { isApiError } from '../../lib/api/errors.ts'
import { api } from '../../lib/api/index.ts'
import { feedKeys, postKeys } from '../../lib/query-keys.ts'
import { type PostPages, viewHistory } from './view-history.ts'

/** A change to one post: the new post, or null when it is gone (deleted). */
export type PostChange = (post: Post) => Post | null

export function isPostPages(value: unknown): value is PostPages {
  if (typeof value !== 'object' || value === null || !('pages' in value)) return false
  const pages = value.pages
  return (
    Array.isArray(pages) &&
    pages.every(
      (page: unknown) =>
        typeof page === 'object' && page !== null && 'list' in page && Array.isArray(page.list),
    )
  )
}

function isDetail(value: unknown): value is { post: Post } {
  return typeof value === 'object' && value !== null && 'post' in value
}

/** The same pages with `change` applied to post `postId` (untouched pages are kept as they are). */
export function mapPostPages(data: PostPages, postId: number, change: PostChange): PostPages {
  return {
    ...data,
    pages: data.pages.map((page) => {
      if (!page.list.some((post) => post.post_id === postId)) return page
      const list: Post[] = []
      for (const post of page.list) {
        const next = post.post_id === postId ? change(post) : post
        if (next) list.push(next)
      }
      return { ...page, list }
    }),
  }
}

/**
 * Applies `change` to post `postId` wherever it is cached: the home feed, every user-posts list, its
 * detail, and the remembered view histories. A removal drops it from lists and detail.
 */
export function updatePost(client: QueryClient, postId: number, change: PostChange): void {
  for (const root of [feedKeys.all, postKeys.all]) {
    for (const [key, data] of client.getQueriesData({ queryKey: root })) {
      if (isPostPages(data)) {
        client.setQueryData(key, mapPostPages(data, postId, change))
      } else if (isDetail(data) && data.post.post_id === postId) {
        const next = change(data.post)
        if (next) client.setQueryData(key, { ...data, post: next })
        else client.removeQueries({ queryKey: key, exact: true })
      }
    }
  }
  viewHistory.mapPosts((post) => (post.post_id === postId ? change(post) : post))
}

/** Liked or not, with the server's count when known, else moved by one when the state really changes. */
export function withLike(post: Post, liked: boolean, likes?: number): Post {
  let count = post.likes
  if (likes !== undefined) count = likes
  else if (liked !== post.liked_by_me) count = Math.max(0, count + (liked ? 1 : -1))
  return { ...post, liked_by_me: liked, likes: count }
}

export function setLiked(client: QueryClient, postId: number, liked: boolean, likes?: number): void {
  updatePost(client, postId, (post) => withLike(post, liked, likes))
}

export function setCommentCount(client: QueryClient, postId: number, comments: number): void {
  updatePost(client, postId, (post) => ({ ...post, comments }))
}

/** A fresh copy of the post from the server (new signed URLs, counts) replaces every cached one. */
export function replacePost(client: QueryClient, fresh: Post): void {
  updatePost(client, fresh.post_id, () => fresh)
}

export function removePost(client: QueryClient, postId: number): void {
  updatePost(client, postId, () => null)
}

const refreshing = new Map<string, Promise<void>>()

/**
 * Fetches one post again (its signed URLs expired, or it changed) and puts the fresh copy everywhere it is
 * cached. One request per post at a time; a post that is gone for this viewer is removed.
 */
export function refreshPost(client: QueryClient, viewerId: number, postId: number): Promise<void> {
  const key = `${viewerId}:${postId}`
  const running = refreshing.get(key)
  if (running) return running
  const work = api
    .call(postDetail, { id: postId })
    .then(({ post }) => replacePost(client, post))
    .catch((error: unknown) => {
      if (isApiError(error) && error.status === 404) removePost(client, postId)
      else console.debug('post refresh failed', error)
    })
    .finally(() => refreshing.delete(key))
  refreshing.set(key, work)
  return work
}
