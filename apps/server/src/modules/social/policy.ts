import { Social } from '@velvet/contract'
import { AppError } from '../../platform/errors.ts'
import type { UserRow } from '../auth/schema.ts'
import type { UserListRow } from './lists-repo.ts'
import type { Relation } from './repo.ts'

/**
 * Every decision of the social module. Handlers gather the facts (the target's row, the relation between
 * the two users) and ask here; nothing else in the module decides who may do what.
 */

/** A user other people can reach: a signed-up account with a user name that was not deleted. */
export function isReachable(user: UserRow | undefined): user is UserRow {
  return user !== undefined && user.userName !== null && user.deletedAt === null
}

/** Following: never oneself, only a reachable account, never across a block in either direction. */
export function assertCanFollow(viewerId: number, targetId: number): void {
  if (viewerId === targetId) throw new AppError('CannotFollowSelf')
}

export function assertFollowTarget(
  target: UserRow | undefined,
  relation: Relation,
): asserts target is UserRow {
  if (!isReachable(target)) throw new AppError('BlockedLocation')
  assertNotBlockedEitherWay(relation)
}

export function assertNotBlockedEitherWay(relation: Relation): void {
  if (relation.blockedMe || relation.blockedByMe) throw new AppError('UserUnavailable')
}

/** Blocking: never oneself; any existing, not deleted user (guests too: they can watch and chat later). */
export function assertCanBlock(viewerId: number, targetId: number, target: UserRow | undefined): void {
  if (viewerId === targetId) throw new AppError('CannotBlockSelf')
  if (!target || target.deletedAt !== null) throw new AppError('NotFound')
}

/** Reporting: an existing, not deleted user other than oneself; allowed across blocks (safety first). */
export function assertCanReport(viewerId: number, targetId: number, target: UserRow | undefined): void {
  if (viewerId === targetId) {
    const message = "You can't report yourself."
    throw new AppError('ValidationFailed', {
      message,
      fields: [{ field: 'target_id', rule: 'report.self', message }],
    })
  }
  if (!target || target.deletedAt !== null) throw new AppError('NotFound')
}

/** A list is its owner's alone: someone else's list answers 404 exactly like a missing one. */
export function assertOwnsList(viewerId: number, list: UserListRow | undefined): asserts list is UserListRow {
  if (!list || list.ownerId !== viewerId) throw new AppError('NotFound')
}

export function assertCanCreateList(listsSoFar: number): void {
  if (listsSoFar >= Social.listsPerUser) throw new AppError('ListLimitReached')
}

/**
 * Adding someone to one's list: a reachable account other than oneself who has not blocked the viewer
 * (the viewer may list someone they blocked; the block hides them until it is lifted).
 */
export function assertCanAddMember(
  viewerId: number,
  target: UserRow | undefined,
  relation: Relation,
): asserts target is UserRow {
  if (!isReachable(target)) throw new AppError('NotFound')
  if (target.id === viewerId) {
    const message = "You can't add yourself to a list."
    throw new AppError('ValidationFailed', {
      message,
      fields: [{ field: 'user_id', rule: 'list.self', message }],
    })
  }
  if (relation.blockedMe) throw new AppError('UserUnavailable')
}

export function assertListHasRoom(list: UserListRow): void {
  if (list.memberCount >= Social.membersPerList) throw new AppError('ListFull')
}
