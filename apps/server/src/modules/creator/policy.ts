import { type AuditStep, UserRole } from '@velvet/contract'
import { AppError } from '../../platform/errors.ts'

/** Where a user stands in host verification, as the service assembles it. */
export interface AuditState {
  userRole: number
  agreementAcceptedAt: Date | null
  socialPlatform: string | null
  socialHandle: string | null
  referrerCode: string | null
  /** The latest identity check as it stands now: pending means submitted and awaiting the decision. */
  identity: { status: 'none' | 'pending' | 'approved' | 'declined'; declineReason: string | null }
}

const order = ['agreement', 'social', 'referrer', 'identity'] as const
type AnswerStep = (typeof order)[number]

function firstMissing(state: AuditState): AnswerStep | null {
  if (!state.agreementAcceptedAt) return 'agreement'
  if (state.socialPlatform === null) return 'social'
  if (state.referrerCode === null) return 'referrer'
  return null
}

/** The step the user is at: agreement → social → referrer → identity → pending → approved (or declined). */
export function auditStep(state: AuditState): AuditStep {
  if (state.userRole === UserRole.Creator || state.identity.status === 'approved') return 'approved'
  const missing = firstMissing(state)
  if (missing) return missing
  if (state.identity.status === 'pending') return 'pending'
  if (state.identity.status === 'declined') return 'declined'
  return 'identity'
}

/**
 * Who may answer which step: never after approval (3032); only once every earlier step is answered (3031);
 * a new identity check only while none is under review (3035). Earlier answers may be changed later.
 */
export const creatorPolicy = {
  assertCanAnswer(state: AuditState, step: AnswerStep): void {
    if (auditStep(state) === 'approved') throw new AppError('AlreadyCreator')
    const missing = firstMissing(state)
    if (missing && order.indexOf(missing) < order.indexOf(step)) throw new AppError('AuditStepOrder')
    if (step === 'identity' && state.identity.status === 'pending') throw new AppError('IdentityCheckPending')
  },

  /** Paid content and live need a verified creator (role 1 with an approved identity check). */
  assertVerified(role: number | undefined, approved: boolean): void {
    if (role !== UserRole.Creator || !approved) throw new AppError('CreatorNotVerified')
  },
}
