import { type ProfileCounts, type PublicProfile, UserRole } from '@velvet/contract'
import type { UserRow } from '../auth/schema.ts'

/**
 * A profile as its viewer sees it. Every field is listed: e-mail, birthday, settings and verification
 * data never leave through here.
 */
export function presentProfile(
  row: UserRow & { userName: string },
  view: { counts: ProfileCounts; isSelf: boolean; isFollowing: boolean; isBlockedByMe: boolean },
  portraitUrl: (key: string) => string,
): PublicProfile {
  return {
    user_id: row.id,
    user_name: row.userName,
    nickname: row.nickname,
    portrait: row.portrait ? portraitUrl(row.portrait) : null,
    bio: row.bio,
    user_role: row.userRole,
    verified: row.userRole === UserRole.Creator,
    counts: view.counts,
    joined_at: Math.floor(row.createdAt.getTime() / 1000),
    is_self: view.isSelf,
    is_following: view.isFollowing,
    is_blocked_by_me: view.isBlockedByMe,
  }
}
