import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import {
  type CallData,
  homeFeed,
  Posts,
  type PostsFilter,
  postComments,
  postDetail,
  postEvent,
  suggestedCreators,
  userPosts,
} from '@velvet/contract'
import { api } from '../../lib/api/index.ts'
import { feedKeys, postKeys } from '../../lib/query-keys.ts'
import { useSession } from '../auth/index.ts'
import { sessionUserId } from '../system/index.ts'
import { type PostPage, type PostPages, pagesFromHistory, viewHistory } from './view-history.ts'

/** Comments are pages of comments, not posts: their own root, so post cache updates never touch them. */
export const commentKeys = {
  all: ['post-comments'] as const,
  of: (viewerId: number, postId: number) => [...commentKeys.all, viewerId, postId] as const,
}

export type CommentPage = CallData<typeof postComments>

/** The viewer id the keys use (0 until the session is known; queries wait for it). */
export function useViewerId(): number | null {
  return sessionUserId(useSession())
}

function nextPostCursor(page: PostPage): string | undefined {
  return page.has_next && page.cursor ? page.cursor : undefined
}

/**
 * A keyset list of posts. A list restored from its view history starts from the remembered pages (no
 * request); lists are not refetched on their own when the viewer comes back (refresh does that), so the
 * scroll position stays where it was.
 */
function usePostList(
  queryKey: readonly unknown[],
  historyKey: string,
  load: (cursor: string | undefined, signal: AbortSignal) => Promise<PostPage>,
  enabled: boolean,
) {
  const saved = enabled ? viewHistory.get(historyKey) : undefined
  return useInfiniteQuery<PostPage, Error, PostPages, readonly unknown[], string | undefined>({
    queryKey,
    queryFn: ({ pageParam, signal }) => load(pageParam, signal),
    initialPageParam: undefined,
    getNextPageParam: nextPostCursor,
    initialData: saved ? pagesFromHistory(saved) : undefined,
    staleTime: Number.POSITIVE_INFINITY,
    enabled,
  })
}

export function useHomeFeed(viewerId: number | null, historyKey: string) {
  return usePostList(
    feedKeys.home(viewerId ?? 0),
    historyKey,
    (cursor, signal) => api.call(homeFeed, { cursor, limit: Posts.feedPageSize }, { signal }),
    viewerId !== null,
  )
}

export function useUserPosts(
  viewerId: number | null,
  userId: number | null,
  filter: PostsFilter,
  historyKey: string,
  pageSize: number = Posts.gridPageSize,
) {
  return usePostList(
    postKeys.user(viewerId ?? 0, userId ?? 0, filter),
    historyKey,
    (cursor, signal) =>
      api.call(userPosts, { user_id: userId ?? 0, filter, cursor, limit: pageSize }, { signal }),
    viewerId !== null && userId !== null,
  )
}

export type PostListQuery = ReturnType<typeof useHomeFeed>

export function usePost(viewerId: number | null, postId: number | null) {
  return useQuery({
    queryKey: postKeys.detail(viewerId ?? 0, postId ?? 0),
    queryFn: ({ signal }) => api.call(postDetail, { id: postId ?? 0 }, { signal }),
    enabled: viewerId !== null && postId !== null,
  })
}

export function useSuggestedCreators(viewerId: number | null) {
  return useQuery({
    queryKey: feedKeys.suggested(viewerId ?? 0),
    queryFn: ({ signal }) => api.call(suggestedCreators, undefined, { signal }),
    enabled: viewerId !== null,
    staleTime: 5 * 60_000,
  })
}

export function useComments(viewerId: number | null, postId: number, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: commentKeys.of(viewerId ?? 0, postId),
    queryFn: ({ pageParam, signal }) =>
      api.call(
        postComments,
        { post_id: postId, cursor: pageParam, limit: Posts.commentsPageSize },
        { signal },
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page: CommentPage) => (page.has_next && page.cursor ? page.cursor : undefined),
    enabled: enabled && viewerId !== null,
  })
}

/** spec §7 post/event: a read event. Failures are only logged (an analytics call never bothers anyone). */
export function sendReadEvent(postId: number): void {
  api
    .call(postEvent, { post_id: postId, event: 'read' })
    .catch((error: unknown) => console.debug('post read event failed', error))
}
