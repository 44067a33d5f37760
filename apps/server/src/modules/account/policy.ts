import { AppError } from '../../platform/errors.ts'
import type { Viewer } from '../../platform/http.ts'

/**
 * Who may do what on /user/account. Every call of the module is made by the account itself (access
 * 'account'); the only object ids it takes are session ids.
 */
export const accountPolicy = {
  /**
   * Another device of the same account may be signed out; a session of someone else is answered exactly
   * like one that does not exist, and the current one must use Log out.
   */
  assertCanRevokeSession(viewer: Viewer, session: { id: number; userId: number } | undefined): void {
    if (!session || session.userId !== viewer.userId) throw new AppError('NotFound')
    if (session.id === viewer.sessionId) throw new AppError('CannotRevokeCurrentSession')
  },

  /** Only a signed-up account with an e-mail address can confirm a deletion by code. */
  assertCanDelete(
    viewer: Viewer,
    account: { email: string | null; deletedAt: Date | null } | undefined,
  ): string {
    if (!viewer.isAccount || !account || account.deletedAt) throw new AppError('NotLoggedIn')
    if (!account.email) {
      throw new AppError('ValidationFailed', {
        message: 'Your account has no e-mail address to send a code to. Please contact support.',
      })
    }
    return account.email
  },
}
