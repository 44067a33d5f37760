import { useMutation, useQuery } from '@tanstack/react-query'
import {
  type EmailPreferences,
  emailPreferences,
  resubscribeEmail,
  type UnsubscribeLink,
  unsubscribeEmail,
  unsubscribeInfo,
  updateEmailPreferences,
} from '@velvet/contract'
import type { z } from 'zod'
import { api } from '../../lib/api/index.ts'
import { useSession } from '../auth/index.ts'

export type UnsubscribeParams = z.output<typeof UnsubscribeLink>

/** Query keys of the e-mail screens (STYLE §10). */
export const emailPrefsKeys = {
  all: ['email-prefs'] as const,
  preferences: (userId: number) => [...emailPrefsKeys.all, 'preferences', userId] as const,
  unsubscribe: (link: UnsubscribeParams) =>
    [...emailPrefsKeys.all, 'unsubscribe', link.u, link.c, link.sig] as const,
}

export function useEmailPreferences() {
  const session = useSession()
  const userId = session.kind === 'account' ? session.user.user_id : 0
  return useQuery({
    queryKey: emailPrefsKeys.preferences(userId),
    queryFn: () => api.call(emailPreferences),
    enabled: userId !== 0,
  })
}

/** What a signed unsubscribe link is about; works without an account. */
export function useUnsubscribeInfo(link: UnsubscribeParams | null) {
  return useQuery({
    queryKey: link ? emailPrefsKeys.unsubscribe(link) : [...emailPrefsKeys.all, 'unsubscribe', 'none'],
    queryFn: () => (link ? api.call(unsubscribeInfo, link) : Promise.reject(new Error('no link'))),
    enabled: link !== null,
    retry: false,
  })
}

/** Saves changed e-mail switches; answers the full, fresh state (the optimistic switches' `send`). */
export function sendEmailPreferences(patch: Partial<EmailPreferences>) {
  return api.call(updateEmailPreferences, { preferences: patch })
}

/** Unsubscribes (false) or subscribes again (true) through an e-mail's signed link. */
export function useEmailLinkSubscription(link: UnsubscribeParams) {
  return useMutation({
    mutationFn: (subscribe: boolean) => api.call(subscribe ? resubscribeEmail : unsubscribeEmail, link),
  })
}
