import { type ProfileCounts, type SessionUser, SocketChannels } from '@velvet/contract'
import type { Realtime } from '../../platform/realtime.ts'

export interface FollowChange {
  follower: { user: SessionUser; counts: ProfileCounts }
  followee: { user: SessionUser; counts: ProfileCounts }
  isFollowing: boolean
}

/** What the social module tells open tabs; emitted only after the change is committed. */
export interface SocialEvents {
  followChanged(change: FollowChange): void
}

/**
 * A follow or unfollow as `user_info_change`: the follower's tabs get their counts and the relation (so a
 * profile open in another tab updates its button and follower count); the followee's tabs get their counts.
 */
export function createSocialEvents(
  realtime: Pick<Realtime, 'publish'>,
  /** A new follow (not an unfollow): the notifications module tells the followed user. */
  onFollowed?: (follower: SessionUser, followeeId: number) => void,
): SocialEvents {
  return {
    followChanged({ follower, followee, isFollowing }) {
      if (isFollowing) onFollowed?.(follower.user, followee.user.user_id)
      realtime.publish({ userId: follower.user.user_id }, SocketChannels.userInfoChange, {
        user: follower.user,
        counts: follower.counts,
        relation: {
          user_id: followee.user.user_id,
          is_following: isFollowing,
          followers: followee.counts.followers,
        },
      })
      realtime.publish({ userId: followee.user.user_id }, SocketChannels.userInfoChange, {
        user: followee.user,
        counts: followee.counts,
      })
    },
  }
}
