import { z } from 'zod'
import { Creator } from '../constants.ts'
import { LineText, MultilineText } from '../rules/text.ts'
import { defineCall } from './define.ts'

/** Where a creator already publishes (the social platform choice of the host verification). */
export const SocialPlatform = z.enum([
  'instagram',
  'x',
  'tiktok',
  'reddit',
  'youtube',
  'other_fan_site',
  'none',
])
export type SocialPlatform = z.infer<typeof SocialPlatform>

export const SocialPlatformLabels: Record<SocialPlatform, string> = {
  instagram: 'Instagram',
  x: 'X (Twitter)',
  tiktok: 'TikTok',
  reddit: 'Reddit',
  youtube: 'YouTube',
  other_fan_site: 'Another fan site',
  none: 'I’m just starting',
}

/**
 * Host verification, in order: agreement → social → referrer → identity → (pending) → approved.
 * `declined` allows a new identity attempt.
 */
export const AuditStep = z.enum([
  'agreement',
  'social',
  'referrer',
  'identity',
  'pending',
  'approved',
  'declined',
])
export type AuditStep = z.infer<typeof AuditStep>

export const CreatorAudit = z.object({
  step: AuditStep,
  agreement: z.object({
    version: z.string(),
    /** Unix seconds of the acceptance of the current version, or null. */
    accepted_at: z.number().int().nullable(),
  }),
  social_platform: SocialPlatform.nullable(),
  social_handle: z.string().nullable(),
  /** null until the referrer question is answered; '' when there is no referrer. */
  referrer_code: z.string().nullable(),
  /** Shown when the last identity check was declined. */
  decline_reason: z.string().nullable(),
  user_role: z.number().int(),
})
export type CreatorAudit = z.infer<typeof CreatorAudit>

export const creatorAudit = defineCall({
  method: 'GET',
  path: '/fapi/core/creator/audit/',
  access: 'account',
  summary: 'Where the viewer is in creator verification.',
  response: CreatorAudit,
})

export const AgreementSection = z.object({ heading: z.string(), body: z.array(z.string()) })

export const creatorAgreement = defineCall({
  method: 'GET',
  path: '/fapi/core/creator/agreement/',
  access: 'session',
  summary: 'The current creator agreement text and version.',
  response: z.object({ version: z.string(), title: z.string(), sections: z.array(AgreementSection) }),
})

export const acceptCreatorAgreement = defineCall({
  method: 'POST',
  path: '/fapi/core/creator/audit/agreement/',
  access: 'account',
  summary: 'Accept the creator agreement (the version shown; stored with time and IP).',
  input: z.object({ version: LineText.max(40) }),
  response: CreatorAudit,
})

export const setCreatorSocial = defineCall({
  method: 'POST',
  path: '/fapi/core/creator/audit/social/',
  access: 'account',
  summary: 'Where the creator already publishes, with an optional handle.',
  input: z.object({
    platform: SocialPlatform,
    handle: LineText.trim()
      .max(Creator.socialHandleMax, { message: `At most ${Creator.socialHandleMax} characters.` })
      .default(''),
  }),
  response: CreatorAudit,
})

export const setCreatorReferrer = defineCall({
  method: 'POST',
  path: '/fapi/core/creator/audit/referrer/',
  access: 'account',
  summary: 'Whether another creator referred the viewer, and their referral code or username.',
  input: z.object({
    referred: z.boolean(),
    code: LineText.trim()
      .max(Creator.referrerCodeMax, { message: `At most ${Creator.referrerCodeMax} characters.` })
      .default(''),
  }),
  response: CreatorAudit,
})

export const startIdentityCheck = defineCall({
  method: 'POST',
  path: '/fapi/core/creator/audit/identity/start/',
  access: 'account',
  summary: "Open an identity check with the partner; answers the partner's hosted page to open.",
  input: z.object({
    /** Where /creator_audit returns to after approval (a same-site path). */
    redirect: LineText.max(2048).default('/home'),
  }),
  response: z.object({ verification_url: z.string() }),
})

/** The signed webhook the identity partner posts (header `x-idv-signature: t=<unix>,v1=<hex hmac>`). */
export const IdentityWebhookEvent = z.object({
  event_id: LineText.min(1).max(100),
  type: z.enum(['verification.approved', 'verification.declined']),
  session_id: LineText.min(1).max(100),
  /** Unix seconds. */
  decided_at: z.number().int(),
  data: z.object({
    legal_name: LineText.max(Creator.legalNameMax),
    date_of_birth: LineText.regex(/^\d{4}-\d{2}-\d{2}$/),
    document_type: z.enum(['passport', 'id_card', 'driving_licence']),
    decline_reason: MultilineText.max(500).nullable(),
  }),
})
export type IdentityWebhookEvent = z.infer<typeof IdentityWebhookEvent>

export const identityWebhook = defineCall({
  method: 'POST',
  path: '/fapi/core/creator/idv/webhook/',
  access: 'public',
  unsigned: true,
  summary: 'Identity partner decision (HMAC-SHA256 over "t.body", t within 300 s; duplicate events ignored).',
  input: IdentityWebhookEvent,
  response: z.object({ received: z.literal(true) }),
})
