import { EmailCode, ErrorCodes } from '@velvet/contract'
import { isApiError } from '../../../lib/api/errors.ts'

/**
 * For a "code asked for too soon" answer: when another code may be asked for, from the seconds the
 * server said are left, else a whole resend interval. Null for any other error.
 */
export function resendAtAfterTooSoon(error: unknown, nowMs: number): number | null {
  if (!isApiError(error) || error.code !== ErrorCodes.CodeResendTooSoon.code) return null
  return nowMs + (error.retryAfter ?? EmailCode.resendAfterSeconds) * 1000
}
