import type { QueryClient } from '@tanstack/react-query'
import type { ProfileCounts, PublicProfile, SessionUser, UserCard } from '@velvet/contract'
import { peopleKeys } from '../../lib/query-keys.ts'
import { cardWithFollow, isCardPages, mapCards, withoutCard } from './card-pages.ts'
import { type ProfileAnswer, profileKeys } from './profile.queries.ts'
import { withCounts, withFollow } from './profile-rules.ts'

function isProfileAnswer(value: unknown): value is ProfileAnswer {
  return typeof value === 'object' && value !== null && 'profile' in value
}

/** Applies `change` to every cached profile of `userId` (under any name it was opened by). */
export function updateProfiles(
  client: QueryClient,
  userId: number,
  change: (profile: PublicProfile) => PublicProfile,
): void {
  for (const [key, data] of client.getQueriesData({ queryKey: profileKeys.all })) {
    if (!isProfileAnswer(data) || data.profile.user_id !== userId) continue
    client.setQueryData(key, { ...data, profile: change(data.profile) })
  }
}

/** Applies `change` to every cached people list (followers, following, blocked, list members). */
export function updateCards(client: QueryClient, change: (card: UserCard) => UserCard): void {
  for (const [key, data] of client.getQueriesData({ queryKey: peopleKeys.all })) {
    if (isCardPages(data)) client.setQueryData(key, mapCards(data, change))
  }
}

/**
 * The viewer now follows (or not) `userId`: the profile's button and follower count (the server's count
 * when known) and every row showing that person. Lists of who the viewer follows are marked stale, so
 * they are fetched again when next opened (an open one keeps its rows, so an unfollow can be undone).
 */
export function setFollowState(
  client: QueryClient,
  userId: number,
  isFollowing: boolean,
  followers?: number,
) {
  updateProfiles(client, userId, (profile) => withFollow(profile, isFollowing, followers))
  updateCards(client, (card) => cardWithFollow(card, userId, isFollowing))
  void client.invalidateQueries({ queryKey: peopleKeys.followingAll(), refetchType: 'none' })
}

/** The viewer's own profile counts changed (someone followed them, they followed someone). */
export function setOwnCounts(client: QueryClient, userId: number, counts: ProfileCounts): void {
  updateProfiles(client, userId, (profile) => withCounts(profile, counts))
}

/** The signed-in user's fields changed (edit here or in another tab): their cached profile shows them. */
export function setOwnFields(client: QueryClient, user: SessionUser): void {
  updateProfiles(client, user.user_id, (profile) => ({
    ...profile,
    nickname: user.nickname,
    portrait: user.portrait,
    bio: user.bio,
    user_name: user.user_name ?? profile.user_name,
    user_role: user.user_role,
  }))
}

/** The viewer blocked or unblocked `userId`. */
export function setBlockState(client: QueryClient, userId: number, blocked: boolean): void {
  updateProfiles(client, userId, (profile) => ({ ...profile, is_blocked_by_me: blocked }))
  if (blocked) {
    // A blocked account disappears from the viewer's lists; unblocking brings it back (fetched again).
    for (const [key, data] of client.getQueriesData({ queryKey: peopleKeys.all })) {
      if (isCardPages(data) && key[1] !== 'blocked') client.setQueryData(key, withoutCard(data, userId))
    }
  }
  void client.invalidateQueries({ queryKey: peopleKeys.all, refetchType: 'none' })
  void client.invalidateQueries({ queryKey: peopleKeys.lists() })
  if (!blocked) void client.invalidateQueries({ queryKey: profileKeys.all })
}
