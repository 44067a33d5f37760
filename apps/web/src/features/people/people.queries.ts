import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { blockedUsers, followersList, followingList, userListMembers, userLists } from '@velvet/contract'
import { api } from '../../lib/api/index.ts'
import { type CardPage, nextCursor } from './people-rules.ts'

/** Rows per page of every people list. */
export const PAGE_SIZE = 30

/** Query keys of the people lists (STYLE §10). Logout clears the cache, so keys need no viewer id. */
export const peopleKeys = {
  all: ['people'] as const,
  followersAll: () => [...peopleKeys.all, 'followers'] as const,
  followers: (q: string | undefined) => [...peopleKeys.followersAll(), q ?? ''] as const,
  followingAll: () => [...peopleKeys.all, 'following'] as const,
  following: (q: string | undefined) => [...peopleKeys.followingAll(), q ?? ''] as const,
  blocked: () => [...peopleKeys.all, 'blocked'] as const,
  membersAll: () => [...peopleKeys.all, 'members'] as const,
  membersOf: (listId: number) => [...peopleKeys.membersAll(), listId] as const,
  members: (listId: number, q: string | undefined) => [...peopleKeys.membersOf(listId), q ?? ''] as const,
  /** Not card pages: the viewer's lists. */
  lists: () => ['user-lists'] as const,
}

type PageLoader = (cursor: string | undefined, signal: AbortSignal) => Promise<CardPage>

function usePeoplePages(queryKey: readonly unknown[], load: PageLoader, enabled = true) {
  return useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal }) => load(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: nextCursor,
    // A new search keeps the old rows on screen until its answer arrives.
    placeholderData: keepPreviousData,
    enabled,
  })
}

export function useFollowers(q: string | undefined) {
  return usePeoplePages(peopleKeys.followers(q), (cursor, signal) =>
    api.call(followersList, { q, cursor, limit: PAGE_SIZE }, { signal }),
  )
}

export function useFollowing(q: string | undefined) {
  return usePeoplePages(peopleKeys.following(q), (cursor, signal) =>
    api.call(followingList, { q, cursor, limit: PAGE_SIZE }, { signal }),
  )
}

export function useBlocked() {
  return usePeoplePages(peopleKeys.blocked(), (cursor, signal) =>
    api.call(blockedUsers, { cursor, limit: PAGE_SIZE }, { signal }),
  )
}

export function useListMembers(listId: number | null, q: string | undefined) {
  return usePeoplePages(
    peopleKeys.members(listId ?? 0, q),
    (cursor, signal) =>
      api.call(userListMembers, { list_id: listId ?? 0, q, cursor, limit: PAGE_SIZE }, { signal }),
    listId !== null,
  )
}

export function useUserLists() {
  return useQuery({
    queryKey: peopleKeys.lists(),
    queryFn: ({ signal }) => api.call(userLists, undefined, { signal }),
  })
}

export type PeoplePagesQuery = ReturnType<typeof useFollowers>
