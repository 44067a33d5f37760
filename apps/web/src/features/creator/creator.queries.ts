import { useQuery } from '@tanstack/react-query'
import { creatorAgreement, creatorAudit } from '@velvet/contract'
import { api } from '../../lib/api/index.ts'
import { useSession } from '../auth/session.ts'

/** Query keys of creator verification (STYLE §10). */
export const creatorKeys = {
  all: ['creator'] as const,
  audit: (userId: number) => [...creatorKeys.all, 'audit', userId] as const,
  agreement: () => [...creatorKeys.all, 'agreement'] as const,
}

/** While the identity check is reviewed, the audit is asked again every 3 s. */
export const AUDIT_POLL_MS = 3000

export function useCreatorAudit() {
  const session = useSession()
  const userId = session.kind === 'account' ? session.user.user_id : 0
  return useQuery({
    queryKey: creatorKeys.audit(userId),
    queryFn: () => api.call(creatorAudit),
    enabled: userId !== 0,
    refetchInterval: (query) => (query.state.data?.step === 'pending' ? AUDIT_POLL_MS : false),
    refetchIntervalInBackground: false,
  })
}

/** The current creator agreement (text and version). */
export function useCreatorAgreement(enabled = true) {
  return useQuery({
    queryKey: creatorKeys.agreement(),
    queryFn: () => api.call(creatorAgreement),
    enabled,
    staleTime: 10 * 60_000,
  })
}
