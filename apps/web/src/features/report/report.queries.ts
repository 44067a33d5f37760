import { useMutation } from '@tanstack/react-query'
import { type CallInput, reportContent } from '@velvet/contract'
import { api } from '../../lib/api/index.ts'

type ReportDetails = Pick<CallInput<typeof reportContent>, 'reason' | 'details'>

/** Sends a report about a person, or about one of their posts when `postId` is given. */
export function useReportContent(target: { userId: number; postId?: number | undefined }) {
  return useMutation({
    mutationFn: (values: ReportDetails) =>
      api.call(reportContent, {
        target_type: target.postId === undefined ? 'user' : 'post',
        target_id: target.postId ?? target.userId,
        ...values,
      }),
  })
}
