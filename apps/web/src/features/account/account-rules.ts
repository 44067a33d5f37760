import { ErrorCodes } from '@velvet/contract'

/** What kind of device a session's label ("Safari on iPhone", "Chrome on Windows") names, for its icon. */
export function deviceKind(label: string): 'phone' | 'tablet' | 'desktop' {
  if (/\b(ipad|tablet)\b/i.test(label)) return 'tablet'
  if (/\b(iphone|android|mobile|phone)\b/i.test(label)) return 'phone'
  return 'desktop'
}

/** Whole seconds left before another code may be sent (never negative). */
export function secondsLeft(resendAtMs: number, nowMs: number): number {
  return Math.max(0, Math.ceil((resendAtMs - nowMs) / 1000))
}

/** "0:45", "1:00". */
export function formatCountdown(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`
}

/** The delete-account sheet: explain, then the e-mailed code; refused outright with a negative balance. */
export type DeleteFlow =
  | { phase: 'explain'; error: string | null }
  | { phase: 'code'; email: string; resendAtMs: number; error: string | null }
  | { phase: 'unavailable'; message: string }

export type DeleteFlowEvent =
  | { type: 'code-sent'; email: string; resendAfter: number; nowMs: number }
  | { type: 'failed'; code: number; message: string }
  | { type: 'restart' }

export const initialDeleteFlow: DeleteFlow = { phase: 'explain', error: null }

export function deleteFlowStep(state: DeleteFlow, event: DeleteFlowEvent): DeleteFlow {
  switch (event.type) {
    case 'code-sent':
      return {
        phase: 'code',
        email: event.email,
        resendAtMs: event.nowMs + event.resendAfter * 1000,
        error: null,
      }
    case 'failed':
      // spec §5: delete account is unavailable with a negative balance; nothing else to try here.
      if (event.code === ErrorCodes.DeleteAccountUnavailable.code) {
        return { phase: 'unavailable', message: event.message }
      }
      if (state.phase === 'unavailable') return state
      return { ...state, error: event.message }
    case 'restart':
      return initialDeleteFlow
  }
}
