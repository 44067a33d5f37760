import { EmailTexts, emailEventReport, readEmailLink, ShellStorageKeys, UserRole } from '@velvet/contract'
import { useEffect, useRef } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { z } from 'zod'
import { api } from '../../lib/api/index.ts'
import { readJson, removeItem, writeJson } from '../../lib/storage.ts'
import { confirm } from '../../ui/confirm-store.ts'
import { logout, useSession } from '../auth/index.ts'
import { openCreateIfAsked } from './create-post-store.ts'

/** sessionStorage: the earnings-report links already reported in this session (spec §5: once per s and t). */
const REPORTED_KEY = 'velvet.email_reported'
const Reported = z.array(z.string().max(100)).max(50)

function firstTimeThisSession(key: string): boolean {
  const reported = readJson(REPORTED_KEY, Reported, 'session') ?? []
  if (reported.includes(key)) return false
  writeJson(REPORTED_KEY, [...reported, key].slice(-50), 'session')
  return true
}

/**
 * Links from our e-mails (spec §5), on any page: reports the click (signed in as the account the e-mail went
 * to), keeps open_create for the create popup, keeps (or removes) the renewal target the membership screens
 * open, strips the link's parameters, and when the e-mail went to another account than the signed-in one
 * asks to switch ('Account Mismatch Alert'; /chatRoom shows its own 102 page instead). Loaded only when the
 * address carries sc=email.
 */
export function EmailLinkGate() {
  const session = useSession()
  const viewerId = session.kind === 'account' ? session.user.user_id : null
  const { pathname, search, hash } = useLocation()
  const navigate = useNavigate()
  // Each link is handled once, whatever else re-runs the effect (a session refresh).
  const handled = useRef<string | null>(null)

  useEffect(() => {
    if (session.kind === 'none' || handled.current === search) return
    const action = readEmailLink(search, viewerId)
    if (!action) return
    handled.current = search
    const { report } = action
    // Only the account the e-mail went to reports it (the server refuses anyone else's report).
    if (
      report &&
      report.userId === viewerId &&
      (action.onceKey === null || firstTimeThisSession(action.onceKey))
    ) {
      void api
        .call(emailEventReport, {
          template: report.template,
          user_id: report.userId,
          payload: report.payload,
          event_type: 2,
        })
        .catch(() => undefined)
    }
    if (action.openCreate) {
      writeJson(ShellStorageKeys.openCreate, 1)
      if (session.kind === 'account' && session.user.user_role === UserRole.Creator) openCreateIfAsked()
    }
    if (action.renewal) {
      const target = action.renewal.targetUserId
      if (target === null) removeItem(ShellStorageKeys.renewalTarget)
      else writeJson(ShellStorageKeys.renewalTarget, target)
    }
    if (action.strip.length > 0) {
      const query = new URLSearchParams(search)
      for (const name of action.strip) query.delete(name)
      const rest = query.toString()
      void navigate({ pathname, search: rest ? `?${rest}` : '', hash }, { replace: true })
    }
    if (action.mismatch && pathname !== '/chatRoom') {
      void confirm({
        title: EmailTexts.mismatchTitle,
        message: EmailTexts.mismatch,
        confirmLabel: EmailTexts.switchAccount,
        cancelLabel: EmailTexts.maybeLater,
      }).then((switching) => {
        if (switching) void logout()
      })
    }
  }, [session, viewerId, pathname, search, hash, navigate])

  return null
}
