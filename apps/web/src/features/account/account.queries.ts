import { useQuery } from '@tanstack/react-query'
import { accountInfo } from '@velvet/contract'
import { api } from '../../lib/api/index.ts'
import { useSession } from '../auth/session.ts'

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
