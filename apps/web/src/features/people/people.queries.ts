import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { blockedUsers, followersList, followingList, userListMembers, userLists } from '@velvet/contract'
import { api } from '../../lib/api/index.ts'
import { peopleKeys } from '../../lib/query-keys.ts'
import type { CardPage } from '../profile/index.ts'
import { nextCursor } from './people-rules.ts'

/** Rows per page of every people list. */
export const PAGE_SIZE = 30

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
