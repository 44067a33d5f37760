import { AppError } from '../../platform/errors.ts'
import type { UserRow } from '../auth/schema.ts'
import { isReachable } from '../social/policy.ts'

/**
 * Who may see and change a profile. Every refusal to see one is the same 30023 'Sorry, the profile or
 * page does not exist.', whether the account is missing, unfinished, deleted, has blocked the viewer or
 * blocked the viewer's location, so the answer never tells which.
 */
export function assertProfileExists(
  owner: UserRow | undefined,
): asserts owner is UserRow & { userName: string } {
  if (!isReachable(owner)) throw new AppError('BlockedLocation')
}

export function assertCanViewProfile(facts: {
  isSelf: boolean
  ownerBlockedViewer: boolean
  placeBlocked: boolean
}): void {
  if (facts.isSelf) return
  if (facts.ownerBlockedViewer || facts.placeBlocked) throw new AppError('BlockedLocation')
}

/** Only a finished account edits its profile (the sign-up steps set the first name, birthday included). */
export function assertCanEditProfile(row: UserRow | undefined): asserts row is UserRow {
  if (!row || row.deletedAt !== null) throw new AppError('NotLoggedIn')
  if (row.profileCompletedAt === null || row.userName === null) {
    throw new AppError('Forbidden', { message: 'Please finish signing up first.' })
  }
}
