import { MembershipStatus, Visibility } from '@velvet/contract'
import { AppError } from '../../platform/errors.ts'

/** Why a post is locked for a viewer (contract PostLock.reason). */
export type LockReason = 'ppv' | 'members' | 'members_or_ppv'

/** What a viewer may see of a post they can reach: everything, or the locked card. */
export type PostAccess = { open: true } | { open: false; reason: LockReason }

/** A membership's states live in the contract (money.ts); re-exported for the modules that read them here. */
export { MembershipStatus }

const OPEN: PostAccess = { open: true }

/**
 * The paywall (DESIGN §5), for a viewer who can reach the post at all: the owner sees everything;
 * Everyone (1) is open; PPV (2) opens for buyers; Members (3) for members; MembersAndPPV (4) for members
 * (free) and buyers. An unknown visibility stays locked (fail closed).
 */
export function decideAccess(facts: {
  isOwner: boolean
  visibility: number
  isMember: boolean
  hasUnlocked: boolean
}): PostAccess {
  if (facts.isOwner) return OPEN
  switch (facts.visibility) {
    case Visibility.Everyone:
      return OPEN
    case Visibility.PPV:
      return facts.hasUnlocked ? OPEN : { open: false, reason: 'ppv' }
    case Visibility.Members:
      return facts.isMember ? OPEN : { open: false, reason: 'members' }
    case Visibility.MembersAndPPV:
      return facts.isMember || facts.hasUnlocked ? OPEN : { open: false, reason: 'members_or_ppv' }
    default:
      return { open: false, reason: 'members' }
  }
}

/**
 * An active membership stays open this long past its period end while its renewal runs (the job charges at
 * the period end; a failed renewal moves it to Grace, an ended one to Ended), so a paying member never sees
 * their creator's posts lock for the minute a renewal takes.
 */
export const RENEWAL_WINDOW_MINUTES = 60

/** A membership counts while active and paid up, or during its grace period (DESIGN §8). */
export function isMembershipLive(
  row: { status: number; currentPeriodEnd: Date; graceUntil: Date | null },
  now: Date,
): boolean {
  if (row.status === MembershipStatus.Active)
    return row.currentPeriodEnd.getTime() + RENEWAL_WINDOW_MINUTES * 60_000 > now.getTime()
  if (row.status === MembershipStatus.Grace) return row.graceUntil !== null && row.graceUntil > now
  return false
}

/**
 * Whether a viewer reaches a post at all. A block in either direction, or an author who is gone, makes
 * the post not exist for the viewer (404, left out of lists); a blocked location answers the spec's
 * 30023 as the profile does. The owner always reaches their own posts.
 */
export function assertCanReach(facts: {
  isOwner: boolean
  authorGone: boolean
  blockedEitherWay: boolean
  placeBlocked: boolean
}): void {
  if (facts.isOwner) return
  if (facts.authorGone || facts.blockedEitherWay) throw new AppError('PostNotFound')
  if (facts.placeBlocked) throw new AppError('BlockedLocation')
}

/**
 * A creator's list of posts (the profile grid), as the profile decides: the owner blocking the viewer or
 * a blocked location answers 30023 like the profile itself; a creator the viewer blocked lists nothing.
 */
export function authorListing(facts: {
  isOwner: boolean
  blockedMe: boolean
  blockedByMe: boolean
  placeBlocked: boolean
}): { listed: boolean } {
  if (facts.isOwner) return { listed: true }
  if (facts.blockedMe || facts.placeBlocked) throw new AppError('BlockedLocation')
  return { listed: !facts.blockedByMe }
}
