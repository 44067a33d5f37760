import { ErrorCodes, Visibility } from '@velvet/contract'
import { describe, expect, it } from 'vitest'
import { AppError } from '../../platform/errors.ts'
import {
  assertCanReach,
  authorListing,
  decideAccess,
  isMembershipLive,
  MembershipStatus,
  RENEWAL_WINDOW_MINUTES,
} from './policy.ts'

describe('decideAccess', () => {
  // [visibility, isMember, hasUnlocked] -> open, or the lock reason
  const cases: [number, boolean, boolean, string][] = [
    [Visibility.Everyone, false, false, 'open'],
    [Visibility.PPV, false, false, 'ppv'],
    [Visibility.PPV, true, false, 'ppv'],
    [Visibility.PPV, false, true, 'open'],
    [Visibility.Members, false, false, 'members'],
    [Visibility.Members, false, true, 'members'],
    [Visibility.Members, true, false, 'open'],
    [Visibility.MembersAndPPV, false, false, 'members_or_ppv'],
    [Visibility.MembersAndPPV, true, false, 'open'],
    [Visibility.MembersAndPPV, false, true, 'open'],
    [9, true, true, 'members'],
  ]
  it.each(cases)('visibility %i, member %s, bought %s: %s', (visibility, isMember, hasUnlocked, expected) => {
    const access = decideAccess({ isOwner: false, visibility, isMember, hasUnlocked })
    expect(access.open ? 'open' : access.reason).toBe(expected)
  })

  it('opens everything to the owner', () => {
    for (const visibility of [1, 2, 3, 4, 9]) {
      expect(decideAccess({ isOwner: true, visibility, isMember: false, hasUnlocked: false })).toEqual({
        open: true,
      })
    }
  })
})

describe('isMembershipLive', () => {
  const now = new Date('2026-06-01T12:00:00Z')
  const later = new Date(now.getTime() + 1000)
  const earlier = new Date(now.getTime() - 1000)
  const windowMs = RENEWAL_WINDOW_MINUTES * 60_000
  const renewalOver = new Date(now.getTime() - windowMs - 1000)
  it.each([
    ['active, paid up', MembershipStatus.Active, later, null, true],
    ['active, period just over (renewal running)', MembershipStatus.Active, earlier, null, true],
    ['active, period and renewal window over', MembershipStatus.Active, renewalOver, null, false],
    ['grace, within', MembershipStatus.Grace, earlier, later, true],
    ['grace, over', MembershipStatus.Grace, earlier, earlier, false],
    ['grace without an end', MembershipStatus.Grace, earlier, null, false],
    ['ended', MembershipStatus.Ended, later, later, false],
  ] as const)('%s', (_name, status, currentPeriodEnd, graceUntil, live) => {
    expect(isMembershipLive({ status, currentPeriodEnd, graceUntil }, now)).toBe(live)
  })
})

function codeOf(work: () => unknown): number | null {
  try {
    work()
    return null
  } catch (error) {
    if (error instanceof AppError) return error.code
    throw error
  }
}

describe('reaching a post and a creator grid', () => {
  const none = { isOwner: false, authorGone: false, blockedEitherWay: false, placeBlocked: false }
  it('answers 404 for blocks and gone authors, 30023 for places; never for the owner', () => {
    expect(codeOf(() => assertCanReach(none))).toBeNull()
    expect(codeOf(() => assertCanReach({ ...none, blockedEitherWay: true }))).toBe(
      ErrorCodes.PostNotFound.code,
    )
    expect(codeOf(() => assertCanReach({ ...none, authorGone: true }))).toBe(ErrorCodes.PostNotFound.code)
    expect(codeOf(() => assertCanReach({ ...none, placeBlocked: true }))).toBe(
      ErrorCodes.BlockedLocation.code,
    )
    expect(codeOf(() => assertCanReach({ ...none, blockedEitherWay: true, placeBlocked: true }))).toBe(
      ErrorCodes.PostNotFound.code,
    )
    expect(
      codeOf(() =>
        assertCanReach({ isOwner: true, authorGone: false, blockedEitherWay: true, placeBlocked: true }),
      ),
    ).toBeNull()
  })

  it('lists a grid like the profile shows it', () => {
    const facts = { isOwner: false, blockedMe: false, blockedByMe: false, placeBlocked: false }
    expect(authorListing(facts)).toEqual({ listed: true })
    expect(authorListing({ ...facts, blockedByMe: true })).toEqual({ listed: false })
    expect(codeOf(() => authorListing({ ...facts, blockedMe: true }))).toBe(ErrorCodes.BlockedLocation.code)
    expect(codeOf(() => authorListing({ ...facts, placeBlocked: true }))).toBe(
      ErrorCodes.BlockedLocation.code,
    )
    expect(authorListing({ ...facts, isOwner: true, placeBlocked: true })).toEqual({ listed: true })
  })
})
