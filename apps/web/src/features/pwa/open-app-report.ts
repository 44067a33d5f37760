import { openAppReport } from '@velvet/contract'
import { useEffect, useState } from 'react'
import { api } from '../../lib/api/index.ts'
import type { Session } from '../auth/index.ts'
import { openSourceOf } from './install-rules.ts'
import { isStandalone } from './install-store.ts'

const reported = new Map<string, Promise<boolean | null>>()

/**
 * spec §7 open_app_report: how the app was opened (1 standalone, 2 browser), once per load for each
 * identity (a guest who signs in during the load is reported again as the account). Answers whether to
 * prompt to install; a failure is only logged (null).
 */
function report(identity: string): Promise<boolean | null> {
  let pending = reported.get(identity)
  if (!pending) {
    pending = api
      .call(openAppReport, { open_source: openSourceOf(isStandalone()) })
      .then((answer) => answer.is_prompt_install)
      .catch((error: unknown) => {
        console.warn('open app report failed', error)
        return null
      })
    reported.set(identity, pending)
  }
  return pending
}

function identityOf(session: Session): string | null {
  if (session.kind === 'account') return session.user.needs_profile ? null : `account:${session.user.user_id}`
  if (session.kind === 'anonymous') return `guest:${session.userId}`
  return null
}

/** The is_prompt_install answer for the current session (null while unknown or for no session). */
export function useOpenAppReport(session: Session): boolean | null {
  const identity = identityOf(session)
  const [answer, setAnswer] = useState<{ identity: string; value: boolean | null } | null>(null)
  useEffect(() => {
    if (!identity) return
    let live = true
    void report(identity).then((value) => {
      if (live) setAnswer({ identity, value })
    })
    return () => {
      live = false
    }
  }, [identity])
  return answer && answer.identity === identity ? answer.value : null
}
