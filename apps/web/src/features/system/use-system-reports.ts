import { commonReport, Timing, userReport } from '@velvet/contract'
import { useEffect } from 'react'
import { api } from '../../lib/api/index.ts'
import { sessionStore, useSession } from '../auth/index.ts'
import { openMode } from './open-mode.ts'

function reportUser(): void {
  const session = sessionStore.get()
  if (session.kind !== 'account') return
  const { user_role, portrait, user_name, nickname, bio } = session.user
  api
    .call(userReport, { user_role, portrait, user_name, nickname, bio })
    .catch((error: unknown) => console.debug('user/report failed', error))
}

let openModeReported = false

/**
 * spec §7: `user/report` at once and every 60 s while an account is signed in (fields of the stored user);
 * `common_report` user_open_mode once per page load as soon as any session exists. Failures are only logged.
 */
export function useSystemReports(): void {
  const session = useSession()
  const userId = session.kind === 'account' ? session.user.user_id : null
  const hasSession = session.kind !== 'none'

  useEffect(() => {
    if (userId === null) return
    reportUser()
    const timer = setInterval(reportUser, Timing.userReportMs)
    return () => clearInterval(timer)
  }, [userId])

  useEffect(() => {
    if (!hasSession || openModeReported) return
    openModeReported = true
    api
      .call(commonReport, {
        action: 'user_open_mode',
        payload: { open_mode: openMode((query) => window.matchMedia(query)) },
      })
      .catch((error: unknown) => console.debug('common_report user_open_mode failed', error))
  }, [hasSession])
}
