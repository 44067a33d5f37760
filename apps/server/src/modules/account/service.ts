import { Account, type AdultSettings, LegalDocs, LegalKinds } from '@velvet/contract'
import type { Clock } from '../../platform/clock.ts'
import type { Tx } from '../../platform/db.ts'
import { AppError } from '../../platform/errors.ts'
import type { Viewer } from '../../platform/http.ts'
import type { AuthEvents } from '../auth/events.ts'
import type { AuthService } from '../auth/service.ts'
import type { AccountBalances } from './balances.ts'
import { accountPolicy } from './policy.ts'
import { presentAdultSettings, presentLegalDocument, presentSession } from './presenters.ts'
import type { AccountRepo } from './repo.ts'

export interface AccountServiceDeps {
  repo: AccountRepo
  /** The auth module's e-mail codes (a deletion is confirmed with a code mailed for that purpose). */
  codes: Pick<AuthService, 'sendCode' | 'confirmCode'>
  events: Pick<AuthEvents, 'sessionEnded'>
  balances: AccountBalances
  /** Takes a deleted account out of other modules (the social graph) inside the deletion's transaction. */
  forget: (userId: number, tx: Tx) => Promise<void>
  clock: Clock
}

const seconds = (d: Date) => Math.floor(d.getTime() / 1000)

/** /setting/adult_setting, /user/account (sessions, delete account) and /manage/terms. */
export function createAccountService({ repo, codes, events, balances, forget, clock }: AccountServiceDeps) {
  async function accountOf(viewer: Viewer) {
    const account = await repo.account(viewer.userId)
    if (!account || account.deletedAt) throw new AppError('NotLoggedIn')
    return account
  }

  return {
    async adultSettings(viewer: Viewer): Promise<AdultSettings> {
      return presentAdultSettings(await accountOf(viewer))
    },

    async updateAdultSettings(viewer: Viewer, input: Partial<AdultSettings>): Promise<AdultSettings> {
      const patch = {
        ...(input.show_adult_content === undefined ? {} : { showAdultContent: input.show_adult_content }),
        ...(input.blur_previews === undefined ? {} : { blurPreviews: input.blur_previews }),
      }
      if (Object.keys(patch).length === 0) return presentAdultSettings(await accountOf(viewer))
      const row = await repo.updateAdultSettings(viewer.userId, patch)
      if (!row) throw new AppError('NotLoggedIn')
      return presentAdultSettings(row)
    },

    async info(viewer: Viewer) {
      const account = await accountOf(viewer)
      const sessions = await repo.liveSessions(viewer.userId, clock.now(), Account.sessionsShown)
      return {
        email: account.email,
        google_linked: account.googleSub !== null,
        created_at: seconds(account.createdAt),
        sessions: sessions.map((s) => presentSession(s, viewer.sessionId)),
      }
    },

    async revokeSession(viewer: Viewer, sessionId: number) {
      const now = clock.now()
      accountPolicy.assertCanRevokeSession(viewer, await repo.sessionOwner(sessionId, now))
      if (!(await repo.revokeSession(viewer.userId, sessionId, now))) throw new AppError('NotFound')
      events.sessionEnded(sessionId, 'revoked')
      return {}
    },

    async revokeOtherSessions(viewer: Viewer) {
      const revoked = await repo.revokeOtherSessions(viewer.userId, viewer.sessionId, clock.now())
      for (const id of revoked) events.sessionEnded(id, 'revoked')
      return { revoked: revoked.length }
    },

    async sendDeleteCode(viewer: Viewer, ip: string) {
      const email = accountPolicy.assertCanDelete(viewer, await repo.account(viewer.userId))
      const sent = await codes.sendCode(email, ip, 'delete')
      return { email, ...sent }
    },

    /**
     * Deletes the account once the code mailed for that purpose matches: refused while a balance is
     * negative (checked first, so the code is not spent on a refusal); every session ends with `signout`.
     */
    async deleteAccount(viewer: Viewer, code: string) {
      const email = accountPolicy.assertCanDelete(viewer, await repo.account(viewer.userId))
      if (await balances.hasNegativeBalance(viewer.userId)) throw new AppError('DeleteAccountUnavailable')
      await codes.confirmCode(email, code, 'delete')
      const revoked = await repo.deleteAccount(viewer.userId, clock.now(), (tx) => forget(viewer.userId, tx))
      if (!revoked) throw new AppError('NotLoggedIn')
      for (const id of revoked) events.sessionEnded(id, 'deleted')
      return {}
    },

    async legalDocuments(viewer: Viewer) {
      const rows = await repo.acceptances(viewer.userId, LegalKinds)
      const documents = LegalKinds.map((kind) => {
        const row = rows.find((r) => r.kind === kind && r.version === LegalDocs[kind].version)
        return presentLegalDocument(kind, row?.acceptedAt ?? null)
      })
      return { documents }
    },
  }
}

export type AccountService = ReturnType<typeof createAccountService>
