import { useMutation, useQuery } from '@tanstack/react-query'
import {
  acceptCreatorAgreement,
  type CallInput,
  commonReport,
  creatorAgreement,
  creatorAudit,
  setCreatorReferrer,
  setCreatorSocial,
} from '@velvet/contract'
import { api } from '../../lib/api/index.ts'
import { useSession } from '../auth/index.ts'

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

/* The steps' changes answer the new audit state; the steps hand it on. */

export function useSetCreatorReferrer() {
  return useMutation({
    mutationFn: (input: CallInput<typeof setCreatorReferrer>) => api.call(setCreatorReferrer, input),
  })
}

export function useSetCreatorSocial() {
  return useMutation({
    mutationFn: (input: CallInput<typeof setCreatorSocial>) => api.call(setCreatorSocial, input),
  })
}

export function useAcceptCreatorAgreement() {
  return useMutation({
    mutationFn: (version: string) => api.call(acceptCreatorAgreement, { version }),
  })
}

/** Tells the server the approved creator saw the approval (common_report creator_verify). */
export function reportCreatorVerified(userId: number) {
  return api.call(commonReport, { action: 'creator_verify', payload: { user_id: userId } })
}
