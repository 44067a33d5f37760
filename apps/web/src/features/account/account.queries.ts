import { useMutation, useQuery } from '@tanstack/react-query'
import {
  accountInfo,
  deleteAccount,
  revokeOtherSessions,
  revokeSession,
  sendDeleteAccountCode,
} from '@velvet/contract'
import { api } from '../../lib/api/index.ts'
import { useSession } from '../auth/index.ts'

/** Query keys of /user/account (STYLE §10). */
export const accountKeys = {
  all: ['account'] as const,
  info: (userId: number) => [...accountKeys.all, 'info', userId] as const,
}

export function useAccountUserId(): number {
  const session = useSession()
  return session.kind === 'account' ? session.user.user_id : 0
}

/** E-mail, linked Google account and signed-in sessions of the account. */
export function useAccountInfo() {
  const userId = useAccountUserId()
  return useQuery({
    queryKey: accountKeys.info(userId),
    queryFn: () => api.call(accountInfo),
    enabled: userId !== 0,
  })
}

/** Signs one other device out (the screen updates the sessions list itself). */
export function useRevokeSession() {
  return useMutation({
    mutationFn: (sessionId: number) => api.call(revokeSession, { session_id: sessionId }),
  })
}

/** Signs every device but this one out. */
export function useRevokeOtherSessions() {
  return useMutation({ mutationFn: () => api.call(revokeOtherSessions) })
}

/** E-mails the code that confirms deleting the account. */
export function useSendDeleteAccountCode() {
  return useMutation({ mutationFn: () => api.call(sendDeleteAccountCode) })
}

/** Deletes the account with the e-mailed code. */
export function useDeleteAccount() {
  return useMutation({ mutationFn: (code: string) => api.call(deleteAccount, { code }) })
}
