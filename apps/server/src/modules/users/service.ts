import { OpenSource, UserRole } from '@velvet/contract'
import type { Clock } from '../../platform/clock.ts'
import { AppError } from '../../platform/errors.ts'
import type { Viewer } from '../../platform/http.ts'
import type { SystemService } from '../system/service.ts'
import type { UsersRepo } from './repo.ts'

/** How often a signed-up account opening the site in a browser may be asked to install the app. */
export const INSTALL_PROMPT_EVERY_MS = 7 * 24 * 3600 * 1000

export interface UsersServiceDeps {
  repo: UsersRepo
  settings: Pick<SystemService, 'settings'>
  clock: Clock
}

export function createUsersService({ repo, settings, clock }: UsersServiceDeps) {
  async function assertUserExists(userId: number) {
    const role = await repo.roleOf(userId)
    if (role === undefined) throw new AppError('NotFound')
    return role
  }

  return {
    /** The 60 s heartbeat (spec §7). The reported fields are the client's view; the server's record wins. */
    async report(viewer: Viewer) {
      await repo.touchLastSeen(viewer.userId, clock.now())
      return {}
    },

    async openApp(viewer: Viewer, openSource: number) {
      await repo.setOpenSource(viewer.userId, openSource)
      if (!viewer.isAccount || openSource !== OpenSource.Browser) return { is_prompt_install: false }
      const now = clock.now()
      const claimed = await repo.claimInstallPrompt(
        viewer.userId,
        now,
        new Date(now.getTime() - INSTALL_PROMPT_EVERY_MS),
      )
      return { is_prompt_install: claimed }
    },

    /** The adult-content popup shows before a creator's page until the viewer confirms once (or AP is 1). */
    async adultPopupCheck(viewer: Viewer, targetUserId: number) {
      const role = await assertUserExists(targetUserId)
      if ((await settings.settings()).AP === 1) return { is_pop: false }
      if (role !== UserRole.Creator || targetUserId === viewer.userId) return { is_pop: false }
      return { is_pop: (await repo.adultConfirmedAt(viewer.userId)) === null }
    },

    async adultPopupConfirm(viewer: Viewer, targetUserId: number | undefined) {
      if (targetUserId !== undefined) await assertUserExists(targetUserId)
      await repo.confirmAdult(viewer.userId, clock.now())
      return {}
    },
  }
}

export type UsersService = ReturnType<typeof createUsersService>
