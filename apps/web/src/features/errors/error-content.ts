import { CoreErrorCodes, ShellTexts } from '@velvet/contract'
import { isRouteErrorResponse } from 'react-router'
import { isApiError } from '../../lib/api/errors.ts'

export interface ErrorContent {
  /** The HTTP-like status shown large (500 for 9002). */
  status: number
  message: string
  /** 9002: the client is stale, refreshing is the way out. */
  stale: boolean
  /** 30023: a blocked location (or a profile that does not exist); spec §2 tracks it in analytics. */
  blockedLocation: boolean
}

const byStatus: Record<number, string> = ShellTexts.errorByStatus

/**
 * What the error page says (spec §2, §8): the fixed texts of 400/401/403/404, the 9002 page (status 500),
 * otherwise the error's own message (or the generic one) with its status, 500 when it has none.
 */
export function errorContent(input: { status?: number; code?: number; message?: string }): ErrorContent {
  const { StaleClient, Generic, BlockedLocation } = CoreErrorCodes
  if (input.code === StaleClient.code || input.status === StaleClient.code) {
    return { status: StaleClient.status, message: StaleClient.message, stale: true, blockedLocation: false }
  }
  // spec §8: 30023 says 'Sorry, the profile or page does not exist.' on the error page.
  if (input.code === BlockedLocation.code || input.status === BlockedLocation.code) {
    return {
      status: BlockedLocation.status,
      message: BlockedLocation.message,
      stale: false,
      blockedLocation: true,
    }
  }
  const status = input.status && input.status >= 400 && input.status < 600 ? input.status : 500
  const fixed = byStatus[status]
  if (fixed) return { status, message: fixed, stale: false, blockedLocation: false }
  return { status, message: input.message || Generic.message, stale: false, blockedLocation: false }
}

/** The same, for whatever a route threw (a loader's response, an ApiError, a render failure). */
export function errorContentOf(error: unknown): ErrorContent {
  if (isApiError(error))
    return errorContent({ status: error.status, code: error.code, message: error.message })
  if (isRouteErrorResponse(error)) {
    const message = typeof error.data === 'string' ? error.data : undefined
    return errorContent({ status: error.status, ...(message ? { message } : {}) })
  }
  return errorContent({})
}

/** /error/{status}: a number in the path, anything else counts as 404. */
export function statusFromParam(param: string | undefined): number {
  const value = Number(param)
  return Number.isInteger(value) && value > 0 ? value : 404
}

/**
 * A refusal of a page's main call shows the error page (spec §8: 30023 'Sorry, the profile or page does
 * not exist.', a missing post's 404); no network, timeouts and server faults stay in the layout with a
 * retry, and 1001 goes through sign-in.
 */
export function isPageError(error: unknown): boolean {
  return (
    isApiError(error) &&
    error.status >= 400 &&
    error.status < 500 &&
    error.code !== CoreErrorCodes.NotLoggedIn.code
  )
}
