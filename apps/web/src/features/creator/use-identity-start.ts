import { ErrorCodes, startIdentityCheck } from '@velvet/contract'
import { useState } from 'react'
import { isApiError, messageOf } from '../../lib/api/errors.ts'
import { api } from '../../lib/api/index.ts'
import { identityStarted, isFollowableUrl } from './audit-rules.ts'

/**
 * Opens an identity check with the partner and leaves for its hosted page in this tab; the partner
 * sends the browser back to /creator_audit?redirect=… when done.
 */
export function useIdentityStart(userId: number, redirect: string, onStale: () => void) {
  const [starting, setStarting] = useState(false)
  const [error, setError] = useState<string | null>(null)

  const start = async () => {
    if (starting) return
    setStarting(true)
    setError(null)
    try {
      const { verification_url } = await api.call(startIdentityCheck, { redirect })
      if (!isFollowableUrl(verification_url)) throw new Error('unexpected verification address')
      identityStarted.mark(userId)
      window.location.assign(verification_url)
    } catch (failure) {
      setStarting(false)
      setError(messageOf(failure))
      // Already pending, approved or out of order: the audit tells where things are.
      const stale = [
        ErrorCodes.IdentityCheckPending.code,
        ErrorCodes.AlreadyCreator.code,
        ErrorCodes.AuditStepOrder.code,
      ]
      if (isApiError(failure) && stale.some((code) => code === failure.code)) onStale()
    }
  }

  return { start, starting, error }
}
