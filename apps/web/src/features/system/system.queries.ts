import { useQuery } from '@tanstack/react-query'
import { showSettings, systemInit } from '@velvet/contract'
import { api } from '../../lib/api/index.ts'
import { type Session, useSession } from '../auth/index.ts'

/** Query keys of the system calls; realtime (chat_message, realtime_notify) invalidates `systemKeys.init`. */
export const systemKeys = {
  all: ['system'] as const,
  initAll: () => [...systemKeys.all, 'init'] as const,
  init: (userId: number) => [...systemKeys.initAll(), userId] as const,
  settingsAll: () => [...systemKeys.all, 'settings'] as const,
  settings: (userId: number) => [...systemKeys.settingsAll(), userId] as const,
}

/** Failures of polls and reports are only logged (spec §7). */
export function logged<T>(what: string, work: Promise<T>): Promise<T> {
  return work.catch((error: unknown) => {
    console.debug(`${what} failed`, error)
    throw error
  })
}

export function sessionUserId(session: Session): number | null {
  if (session.kind === 'account') return session.user.user_id
  if (session.kind === 'anonymous') return session.userId
  return null
}

/** Unread totals for the tab badges (TC chat, TN notifications, SC spenders). */
export function useSystemInit() {
  const userId = sessionUserId(useSession())
  return useQuery({
    queryKey: systemKeys.init(userId ?? 0),
    queryFn: () => logged('system/init', api.call(systemInit)),
    enabled: userId !== null,
    staleTime: 0,
    retry: false,
  })
}

/** System settings (CT, AP, live switches, new-feature cut-off), cached for the session. */
export function useShowSettings(wanted = true) {
  const userId = sessionUserId(useSession())
  return useQuery({
    queryKey: systemKeys.settings(userId ?? 0),
    queryFn: () => logged('system/show_settings', api.call(showSettings)),
    enabled: wanted && userId !== null,
    staleTime: 10 * 60_000,
    retry: false,
  })
}
