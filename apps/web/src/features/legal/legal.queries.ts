import { useQuery } from '@tanstack/react-query'
import { legalDocuments } from '@velvet/contract'
import { api } from '../../lib/api/index.ts'
import { useSession } from '../auth/index.ts'

/** Query keys of /manage/terms (STYLE §10). */
export const legalKeys = {
  all: ['legal'] as const,
  documents: (userId: number) => [...legalKeys.all, 'documents', userId] as const,
}

export function useLegalDocuments() {
  const session = useSession()
  const userId = session.kind === 'account' ? session.user.user_id : 0
  return useQuery({
    queryKey: legalKeys.documents(userId),
    queryFn: () => api.call(legalDocuments),
    enabled: userId !== 0,
  })
}
