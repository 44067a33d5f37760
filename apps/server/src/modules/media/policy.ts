import { MediaFailure, UserRole } from '@velvet/contract'
import { AppError } from '../../platform/errors.ts'
import type { Viewer } from '../../platform/http.ts'

/**
 * Who may upload media for posts: signed-up creators (user_role 1, reached through identity verification).
 * Fans and guests never upload here (their portraits have their own call).
 */
export function canUpload(viewer: Viewer): boolean {
  return viewer.isAccount && viewer.userRole === UserRole.Creator
}

export function assertCanUpload(viewer: Viewer): void {
  if (!canUpload(viewer)) throw new AppError('Forbidden', { message: MediaFailure.creatorsOnly })
}
