import type { PostsFilter, TransactionFilter } from '@velvet/contract'

/*
 * Query keys of the caches that features below their owner refresh (STYLE §10): a purchase (wallet, subs)
 * opens posts and the feed; buying coins (payments) changes the wallet; a follow or a block (profile)
 * changes the people lists. The owners (posts, wallet, people) build their queries on these keys; the keys
 * live here so the layers stay one-way.
 */

/**
 * Query keys of posts (STYLE §10). Posts depend on who looks (locks, likes, signed URLs bound to the
 * viewer), so keys carry the viewer. The composer invalidates the 'posts' and 'feed' roots after saving.
 */
export const postKeys = {
  all: ['posts'] as const,
  detail: (viewerId: number, postId: number) => [...postKeys.all, viewerId, 'detail', postId] as const,
  userAll: (viewerId: number, userId: number) => [...postKeys.all, viewerId, 'user', userId] as const,
  user: (viewerId: number, userId: number, filter: PostsFilter) =>
    [...postKeys.userAll(viewerId, userId), filter] as const,
}

export const feedKeys = {
  all: ['feed'] as const,
  home: (viewerId: number) => [...feedKeys.all, viewerId, 'home'] as const,
  suggested: (viewerId: number) => [...feedKeys.all, viewerId, 'suggested'] as const,
}

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

/** Query keys of the wallet (STYLE §10): the viewer's own money, keyed by the viewer. */
export const walletKeys = {
  all: ['wallet'] as const,
  summary: (viewerId: number) => [...walletKeys.all, viewerId, 'summary'] as const,
  transactions: (viewerId: number, filter: TransactionFilter) =>
    [...walletKeys.all, viewerId, 'transactions', filter] as const,
}
