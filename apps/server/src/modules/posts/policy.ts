import { MediaState, PostState, Posts, UserRole } from '@velvet/contract'
import { AppError } from '../../platform/errors.ts'
import type { Viewer } from '../../platform/http.ts'
import type { PostAccess } from '../entitlements/policy.ts'
import type { MediaRecord } from '../media/types.ts'

/**
 * Who may do what with posts and comments. Who may SEE a post is the entitlements module's decision;
 * this file holds the author's rules (composer, pins) and moderation.
 */

export type SaveAction = 'draft' | 'publish' | 'schedule'

/** Starting a post: creators only (role 1); a fan is sent to creator verification by the client. */
export function assertCanCreate(viewer: Pick<Viewer, 'userRole'>): void {
  if (viewer.userRole !== UserRole.Creator) {
    throw new AppError('Forbidden', { message: 'Only creators can post. Become a creator first.' })
  }
}

/** A post of someone else answers 404 exactly like a missing one, so ids reveal nothing. */
export function assertOwnPost<P extends { authorId: number }>(
  viewerId: number,
  post: P | undefined,
): asserts post is P {
  if (!post || post.authorId !== viewerId) throw new AppError('PostNotFound')
}

/** A published post stays published: it can be saved again (edited) but not drafted or rescheduled. */
export function assertCanSave(state: number, action: SaveAction): void {
  if (state === PostState.Published && action !== 'publish') throw new AppError('PostNotEditable')
}

/**
 * The media of a save: every one must be the author's own (missing or someone else's: 404), and to
 * publish or schedule every one must be ready (spec §5: uploads must be finished).
 */
export function assertUsableMedia(ids: number[], owned: MediaRecord[], action: SaveAction): void {
  const found = new Set(owned.map((record) => record.id))
  if (ids.some((id) => !found.has(id))) throw new AppError('MediaNotFound')
  if (action !== 'draft' && owned.some((record) => record.state !== MediaState.Ready)) {
    throw new AppError('MediaNotReady')
  }
}

/** spec §5: never in the past (at least Posts.scheduleMinLeadSeconds ahead), at most scheduleMaxDays ahead. */
export function assertScheduleTime(publishAt: Date, now: Date): void {
  const lead = (publishAt.getTime() - now.getTime()) / 1000
  if (lead < Posts.scheduleMinLeadSeconds) {
    throw new AppError('ScheduleInPast', {
      fields: [{ field: 'publish_at', rule: 'post.schedule_past', message: 'Pick a time in the future.' }],
    })
  }
  if (lead > Posts.scheduleMaxDays * 86_400) {
    const message = `Pick a time within ${Posts.scheduleMaxDays} days.`
    throw new AppError('ValidationFailed', {
      message,
      fields: [{ field: 'publish_at', rule: 'post.schedule_max', message }],
    })
  }
}

/** Pinning: published posts only, at most Posts.pinnedMax at once. */
export function assertCanPin(state: number, pinnedSoFar: number): void {
  if (state !== PostState.Published) throw new AppError('PostNotEditable')
  if (pinnedSoFar >= Posts.pinnedMax) throw new AppError('PinLimitReached')
}

/** Commenting needs the post open for the viewer (a locked card shows comments but takes none). */
export function assertCanComment(access: PostAccess): void {
  if (!access.open) throw new AppError('PostLocked')
}

/** A comment may be deleted by its author, or by the post's creator (moderation). */
export function canDeleteComment(facts: { viewerId: number; commentAuthorId: number; postAuthorId: number }) {
  return facts.viewerId === facts.commentAuthorId || facts.viewerId === facts.postAuthorId
}

/** Reporting a post: anyone who can see it, except its author. */
export function assertCanReportPost(viewerId: number, authorId: number): void {
  if (viewerId === authorId) {
    const message = "You can't report your own post."
    throw new AppError('ValidationFailed', {
      message,
      fields: [{ field: 'target_id', rule: 'report.self', message }],
    })
  }
}
