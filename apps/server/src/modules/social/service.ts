import type { ReportReason, ReportTarget, SessionUser } from '@velvet/contract'
import type { Clock } from '../../platform/clock.ts'
import type { Tx } from '../../platform/db.ts'
import { AppError } from '../../platform/errors.ts'
import type { Viewer } from '../../platform/http.ts'
import type { UserRow } from '../auth/schema.ts'
import type { SafetyService } from '../safety/service.ts'
import { decodeCursor, pageFrom } from './cursor.ts'
import type { SocialEvents } from './events.ts'
import type { FollowLimiter } from './follow-limiter.ts'
import type { ForgetRepo } from './forget-repo.ts'
import type { PeopleRepo, PeopleSource } from './people-repo.ts'
import {
  assertCanBlock,
  assertCanFollow,
  assertCanReport,
  assertFollowTarget,
  assertNotBlockedEitherWay,
} from './policy.ts'
import { presentCounts, presentUserCard } from './presenters.ts'
import type { Counts, SocialRepo } from './repo.ts'

export interface SocialServiceDeps {
  repo: SocialRepo
  people: PeopleRepo
  forget: ForgetRepo
  safety: Pick<SafetyService, 'assertVisible'>
  events: SocialEvents
  limiter: FollowLimiter
  clock: Clock
  portraitUrl: (key: string) => string
  /** The user as their own tabs see it (auth's SessionUser presenter). */
  presentUser: (row: UserRow) => SessionUser
  /**
   * Throws unless the reporter can see the post and may report it (the posts module answers; social does
   * not know posts). 404 for a post the reporter cannot reach, 30023 from a blocked location.
   */
  assertPostReportable: (reporterId: number, postId: number, ip: string) => Promise<void>
}

export interface PeopleQueryInput {
  cursor?: string | undefined
  limit: number
  q?: string | undefined
}

const zero: Counts = { posts: 0, followers: 0, following: 0, likes: 0 }

export function createSocialService(deps: SocialServiceDeps) {
  const {
    repo,
    people,
    forget,
    safety,
    events,
    limiter,
    clock,
    portraitUrl,
    presentUser,
    assertPostReportable,
  } = deps

  async function isBlockedEitherWay(a: number, b: number): Promise<boolean> {
    const relation = await repo.relation(a, b)
    return relation.blockedByMe || relation.blockedMe
  }

  async function countsOf(userId: number): Promise<Counts> {
    return (await repo.countsOf([userId])).get(userId) ?? zero
  }

  /** Runs a follow or unfollow, then tells both users' open tabs when something really changed. */
  async function changeFollow(viewer: Viewer, targetId: number, follow: boolean) {
    const result = await repo.transaction(async (tx) => {
      const changed = follow
        ? await repo.follow(viewer.userId, targetId, clock.now(), tx)
        : await repo.unfollow(viewer.userId, targetId, tx)
      return { changed, counts: await repo.countsOf([viewer.userId, targetId], tx) }
    })
    const followerCounts = result.counts.get(viewer.userId) ?? zero
    const followeeCounts = result.counts.get(targetId) ?? zero
    if (result.changed) {
      const rows = await repo.usersByIds([viewer.userId, targetId])
      const follower = rows.find((r) => r.id === viewer.userId)
      const followee = rows.find((r) => r.id === targetId)
      if (follower && followee) {
        events.followChanged({
          follower: { user: presentUser(follower), counts: presentCounts(followerCounts) },
          followee: { user: presentUser(followee), counts: presentCounts(followeeCounts) },
          isFollowing: follow,
        })
      }
    }
    return followeeCounts.followers
  }

  async function peoplePage(viewer: Viewer, source: PeopleSource, input: PeopleQueryInput) {
    const rows = await people.page(source, {
      viewerId: viewer.userId,
      cursor: decodeCursor(input.cursor),
      limit: input.limit,
      q: input.q || undefined,
    })
    return pageFrom(rows, input.limit, (row) => presentUserCard(row, portraitUrl))
  }

  return {
    isBlockedEitherWay,
    countsOf,

    /** For later modules (messages, calls, gifts, subscriptions, posts): 3002 across a block either way. */
    async assertNotBlocked(viewerId: number, ownerId: number): Promise<void> {
      if (await isBlockedEitherWay(viewerId, ownerId)) throw new AppError('UserUnavailable')
    },

    relation: (viewerId: number, otherId: number) => repo.relation(viewerId, otherId),

    /**
     * For account deletion (account module): drops the account's follows both ways and its list
     * memberships, lowering every counter involved. Pass the deletion's transaction to make it atomic.
     */
    forgetAccount: (userId: number, tx?: Tx) => forget.forgetUser(userId, tx),

    async follow(viewer: Viewer, targetId: number, ip: string) {
      assertCanFollow(viewer.userId, targetId)
      limiter.take(viewer.userId)
      const [target, relation] = await Promise.all([
        repo.userById(targetId),
        repo.relation(viewer.userId, targetId),
      ])
      assertFollowTarget(target, relation)
      await safety.assertVisible(target.id, ip, viewer.userId)
      return { is_following: true as const, followers: await changeFollow(viewer, target.id, true) }
    },

    async unfollow(viewer: Viewer, targetId: number) {
      assertCanFollow(viewer.userId, targetId)
      limiter.take(viewer.userId)
      const [target, relation] = await Promise.all([
        repo.userById(targetId),
        repo.relation(viewer.userId, targetId),
      ])
      if (!target) throw new AppError('BlockedLocation')
      assertNotBlockedEitherWay(relation)
      return { is_following: false as const, followers: await changeFollow(viewer, target.id, false) }
    },

    followers: (viewer: Viewer, input: PeopleQueryInput) =>
      peoplePage(viewer, { kind: 'followers', userId: viewer.userId }, input),

    following: (viewer: Viewer, input: PeopleQueryInput) =>
      peoplePage(viewer, { kind: 'following', userId: viewer.userId }, input),

    blocked: (viewer: Viewer, input: PeopleQueryInput) =>
      peoplePage(viewer, { kind: 'blocked', userId: viewer.userId }, { ...input, q: undefined }),

    /** Lists call this after checking ownership. */
    members: (viewer: Viewer, listId: number, input: PeopleQueryInput) =>
      peoplePage(viewer, { kind: 'members', listId }, input),

    /** Blocking keeps follows and list rows: lists and queries leave the blocked account out instead. */
    async block(viewer: Viewer, targetId: number) {
      assertCanBlock(viewer.userId, targetId, await repo.userById(targetId))
      await repo.block(viewer.userId, targetId, clock.now())
      return { is_blocked: true as const }
    },

    async unblock(viewer: Viewer, targetId: number) {
      if (viewer.userId === targetId) throw new AppError('CannotBlockSelf')
      await repo.unblock(viewer.userId, targetId)
      return { is_blocked: false as const }
    },

    /**
     * Moves the counters of a user's content (published posts, likes received) inside the transaction
     * of the change that caused it (the posts module calls this).
     */
    async adjustContentCounts(userId: number, delta: { posts?: number; likes?: number }, tx: Tx) {
      await repo.adjustCounter(userId, 'posts', delta.posts ?? 0, tx)
      await repo.adjustCounter(userId, 'likes', delta.likes ?? 0, tx)
    },

    async report(
      viewer: Viewer,
      input: { target_type: ReportTarget; target_id: number; reason: ReportReason; details: string },
      ip: string,
    ) {
      if (input.target_type === 'post') await assertPostReportable(viewer.userId, input.target_id, ip)
      else assertCanReport(viewer.userId, input.target_id, await repo.userById(input.target_id))
      const reportId = await repo.openReport({
        reporterId: viewer.userId,
        targetType: input.target_type,
        targetId: input.target_id,
        reason: input.reason,
        details: input.details,
        createdAt: clock.now(),
      })
      return { report_id: reportId }
    },
  }
}

export type SocialService = ReturnType<typeof createSocialService>
