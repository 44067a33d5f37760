import { AppError } from '../../platform/errors.ts'
import type { BlockedLocationRow } from './repo.ts'

/**
 * Who may do what with blocked locations. A creator's list is theirs alone: another user's row answers
 * 404 exactly like a missing one, so ids reveal nothing. Visitors from a blocked place get 30023, the
 * spec's "does not exist" answer, never a hint that a block is in place; the owner is never blocked.
 */
export function assertCanManageLocation(
  viewerId: number,
  row: BlockedLocationRow | undefined,
): asserts row is BlockedLocationRow {
  if (!row || row.userId !== viewerId) throw new AppError('NotFound')
}

export function canSeeFrom(facts: { isOwner: boolean; placeBlocked: boolean }): boolean {
  return facts.isOwner || !facts.placeBlocked
}
