import type { Clock } from '../../platform/clock.ts'
import type { Tx } from '../../platform/db.ts'
import type { UserChanges } from '../../platform/user-changes.ts'
import type { SafetyService } from '../safety/service.ts'
import type { SocialService } from '../social/service.ts'
import { lockedForViewer } from './conditions.ts'
import { assertCanReach, authorListing, decideAccess, type PostAccess } from './policy.ts'
import type { EntitlementsRepo, MembershipWrite } from './repo.ts'

export interface EntitlementServiceDeps {
  repo: EntitlementsRepo
  social: Pick<SocialService, 'relation'>
  safety: Pick<SafetyService, 'isVisible' | 'visibleOwners'>
  clock: Clock
  /** An unlock or a membership change changes what the fan's cached feed page may show. */
  changes: Pick<UserChanges, 'changed'>
}

/** The facts of a post that decide who sees it. */
export interface GatedPost {
  id: number
  authorId: number
  visibility: number
  /** The author's account was deleted. */
  authorGone: boolean
}

/**
 * The one place that decides who may see a post (DESIGN §5): reaching it at all (blocks, blocked
 * locations) and, once reached, whether it is open or locked (owner, members, buyers). Posts ask here
 * for one post or for a page (one statement per page); the money issue writes unlocks and memberships
 * through `grantUnlock` and `writeMembership`.
 */
export function createEntitlementService({ repo, social, safety, clock, changes }: EntitlementServiceDeps) {
  async function accessMany(viewerId: number, gated: GatedPost[]): Promise<Map<number, PostAccess>> {
    const others = gated.filter((post) => post.authorId !== viewerId)
    const holdings = await repo.holdings(
      viewerId,
      others.map((post) => post.id),
      [...new Set(others.map((post) => post.authorId))],
      clock.now(),
    )
    return new Map(
      gated.map((post) => [
        post.id,
        decideAccess({
          isOwner: post.authorId === viewerId,
          visibility: post.visibility,
          isMember: holdings.memberOf.has(post.authorId),
          hasUnlocked: holdings.unlocked.has(post.id),
        }),
      ]),
    )
  }

  return {
    accessMany,

    /**
     * One post: throws 404 PostNotFound when the viewer cannot reach it (blocked either way, author gone)
     * and 30023 from a blocked location; answers whether it is open or locked.
     */
    async accessOne(viewerId: number, post: GatedPost, ip: string): Promise<PostAccess> {
      const isOwner = post.authorId === viewerId
      if (!isOwner) {
        const relation = await social.relation(viewerId, post.authorId)
        const blockedEitherWay = relation.blockedByMe || relation.blockedMe
        // The GeoIP lookup runs only when nothing else has refused already.
        const placeBlocked =
          !post.authorGone && !blockedEitherWay && !(await safety.isVisible(post.authorId, ip, viewerId))
        assertCanReach({ isOwner, authorGone: post.authorGone, blockedEitherWay, placeBlocked })
      }
      const access = (await accessMany(viewerId, [post])).get(post.id)
      if (!access) throw new Error('access of the post was not decided')
      return access
    },

    /** Authors of a page the request may see from where it comes (blocks are left out by the list SQL). */
    reachableAuthors(viewerId: number, authorIds: number[], ip: string): Promise<Set<number>> {
      return safety.visibleOwners([...new Set(authorIds)], ip, viewerId)
    },

    /**
     * Whether the viewer may list a creator's posts (throws 30023 like the profile), and whether the
     * viewer is a live member of that creator (for the "locked" filter).
     */
    async reachAuthor(viewerId: number, authorId: number, ip: string) {
      const isOwner = viewerId === authorId
      const relation = isOwner
        ? { blockedMe: false, blockedByMe: false }
        : await social.relation(viewerId, authorId)
      const placeBlocked =
        !isOwner && !relation.blockedMe && !(await safety.isVisible(authorId, ip, viewerId))
      const { listed } = authorListing({ isOwner, ...relation, placeBlocked })
      const holdings = listed && !isOwner ? await repo.holdings(viewerId, [], [authorId], clock.now()) : null
      return { listed, isMember: holdings?.memberOf.has(authorId) ?? false }
    },

    /** Whether the fan is a live member of the creator. */
    async isMember(fanId: number, creatorId: number): Promise<boolean> {
      const holdings = await repo.holdings(fanId, [], [creatorId], clock.now())
      return holdings.memberOf.has(creatorId)
    },

    /** SQL: posts of one author locked for the viewer (the profile grid's "locked" filter). */
    lockedForViewer,

    /** The viewer owns the post from now on (the money issue calls this inside the purchase). */
    async grantUnlock(userId: number, postId: number, tx?: Tx): Promise<boolean> {
      const granted = await repo.grantUnlock(userId, postId, clock.now(), tx)
      // Inside a transaction this is announced before the commit: `Caching.settleMs` covers the gap.
      changes.changed(userId)
      return granted
    },

    /** Starts, renews, puts in grace or ends a membership (the money issue's subscriptions). */
    async writeMembership(row: MembershipWrite, tx?: Tx): Promise<void> {
      await repo.writeMembership(row, clock.now(), tx)
      changes.changed(row.fanId)
    },
  }
}

export type EntitlementService = ReturnType<typeof createEntitlementService>
