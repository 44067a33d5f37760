import { Creator, type CreatorAudit, type SocialPlatform } from '@velvet/contract'
import { type AuditState, auditStep } from './policy.ts'

/**
 * The audit as its owner sees it. Every field is listed; the legal record of the identity check (legal name,
 * date of birth, document) is not part of the state at all, so it cannot leak through here.
 */
export function presentAudit(state: AuditState): CreatorAudit {
  const step = auditStep(state)
  return {
    step,
    agreement: {
      version: Creator.agreementVersion,
      accepted_at: state.agreementAcceptedAt ? Math.floor(state.agreementAcceptedAt.getTime() / 1000) : null,
    },
    social_platform: state.socialPlatform as SocialPlatform | null,
    social_handle: state.socialHandle,
    referrer_code: state.referrerCode,
    decline_reason: step === 'declined' ? state.identity.declineReason : null,
    user_role: state.userRole,
  }
}
