import { Creator, type CreatorAudit, type IdentityWebhookEvent, type SocialPlatform } from '@velvet/contract'
import type { FastifyBaseLogger } from 'fastify'
import type { Clock } from '../../platform/clock.ts'
import type { Tx } from '../../platform/db.ts'
import { AppError } from '../../platform/errors.ts'
import type { Viewer } from '../../platform/http.ts'
import type { IdentityProvider, PartnerSessionState } from '../../platform/identity/provider.ts'
import type { LegalAcceptances } from '../account/index.ts'
import type { AuthEvents } from '../auth/events.ts'
import { presentSessionUser } from '../auth/presenters.ts'
import { creatorAgreement } from './agreement.ts'
import { type AuditState, creatorPolicy } from './policy.ts'
import { presentAudit } from './presenters.ts'
import type { CreatorRepo } from './repo.ts'

export const CREATOR_AUDIT_PAGE = '/creator_audit'
const AGREEMENT = 'creator_agreement'

export interface CreatorServiceDeps {
  repo: CreatorRepo
  legal: LegalAcceptances
  provider: IdentityProvider
  events: Pick<AuthEvents, 'userChanged'>
  portraitUrl: (key: string) => string
  publicUrl: string
  clock: Clock
  log: FastifyBaseLogger
  /** A check pending this long may take its decision from the partner directly (a lost webhook). */
  reconcileAfterMs?: number
}

interface Loaded {
  state: AuditState
  /** A pending check whose page was opened but never submitted (replaced by a new start). */
  openCheck: number | null
}

/** A same-site path to come back to (starts with one '/'), else /home. */
export function safeRedirect(value: string): string {
  const ok = value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\')
  const printable = [...value].every((c) => c.charCodeAt(0) > 0x1f && c.charCodeAt(0) !== 0x7f)
  return ok && printable ? value : '/home'
}

/** Host verification (/creator_audit): agreement, social platform, referrer, identity check. */
export function createCreatorService(deps: CreatorServiceDeps) {
  const { repo, legal, provider, events, clock, log } = deps
  const reconcileAfterMs = deps.reconcileAfterMs ?? 10_000

  async function applyDecision(event: IdentityWebhookEvent) {
    const outcome = await repo.applyDecision(provider.name, event, clock.now())
    if (outcome.kind === 'approved') {
      events.userChanged(presentSessionUser(outcome.user, deps.portraitUrl))
      log.info({ userId: outcome.user.id }, 'creator verified')
    } else if (outcome.kind === 'unknown_session') {
      log.warn(
        { session: event.session_id, event: event.event_id },
        'identity decision for an unknown session',
      )
    } else if (outcome.kind === 'stale') {
      log.info({ session: event.session_id, status: outcome.status }, 'identity decision ignored')
    }
    return outcome
  }

  /**
   * The user's state. A check recorded as pending is asked about at the partner: still open (not
   * submitted) counts as no check, expired is closed, decided is applied once it is overdue (or `settle`).
   */
  async function load(userId: number, settle = false, reconciled = false): Promise<Loaded> {
    const [role, answers, acceptances, verification] = await Promise.all([
      repo.userRole(userId),
      repo.answers(userId),
      legal.acceptances(userId, [AGREEMENT]),
      repo.latestVerification(userId),
    ])
    if (!role || role.deletedAt) throw new AppError('NotLoggedIn')
    let identity: AuditState['identity'] = { status: 'none', declineReason: null }
    let openCheck: number | null = null
    if (verification?.status === 'approved' || verification?.status === 'declined') {
      identity = { status: verification.status, declineReason: verification.declineReason }
    } else if (verification?.status === 'pending') {
      // A partner that cannot answer right now leaves the check as it was: under review.
      const partner: PartnerSessionState = await provider
        .fetchSession(verification.partnerSessionId)
        .catch((err: unknown) => {
          log.warn({ err, session: verification.partnerSessionId }, 'identity partner unreachable')
          return { status: 'submitted' }
        })
      const overdue = clock.now().getTime() - verification.createdAt.getTime() >= reconcileAfterMs
      if (partner.status === 'open') openCheck = verification.id
      else if (partner.status === 'expired' || partner.status === 'unknown') {
        await repo.closePending(verification.id, 'expired')
      } else if (partner.status === 'decided' && !reconciled && (settle || overdue)) {
        await applyDecision(partner.event)
        return load(userId, false, true)
      } else identity = { status: 'pending', declineReason: null }
    }
    const accepted = acceptances.find((a) => a.version === Creator.agreementVersion)
    const state: AuditState = {
      userRole: role.role,
      agreementAcceptedAt: accepted?.acceptedAt ?? null,
      socialPlatform: answers?.socialPlatform ?? null,
      socialHandle: answers?.socialHandle ?? null,
      referrerCode: answers?.referrerCode ?? null,
      identity,
    }
    return { state, openCheck }
  }

  const audit = async (userId: number): Promise<CreatorAudit> => presentAudit((await load(userId)).state)

  return {
    audit: (viewer: Viewer) => audit(viewer.userId),

    agreement() {
      return {
        version: creatorAgreement.version,
        title: creatorAgreement.title,
        sections: creatorAgreement.sections.map((s) => ({ heading: s.heading, body: [...s.body] })),
      }
    },

    async acceptAgreement(viewer: Viewer, version: string, ip: string) {
      const { state } = await load(viewer.userId)
      creatorPolicy.assertCanAnswer(state, 'agreement')
      if (version !== Creator.agreementVersion) throw new AppError('AgreementOutdated')
      if (!state.agreementAcceptedAt) {
        await legal.recordAcceptances(viewer.userId, [{ kind: AGREEMENT, version }], ip, clock.now())
      }
      return audit(viewer.userId)
    },

    async setSocial(viewer: Viewer, platform: SocialPlatform, handle: string) {
      creatorPolicy.assertCanAnswer((await load(viewer.userId)).state, 'social')
      const cleaned = platform === 'none' ? '' : handle.replace(/^@+/, '').trim()
      await repo.setSocial(viewer.userId, platform, cleaned, clock.now())
      return audit(viewer.userId)
    },

    async setReferrer(viewer: Viewer, referred: boolean, code: string) {
      creatorPolicy.assertCanAnswer((await load(viewer.userId)).state, 'referrer')
      let stored = ''
      if (referred) {
        const name = code.replace(/^@+/, '').trim()
        const referrer = name ? await repo.creatorByUserName(name) : undefined
        if (!referrer?.userName || referrer.id === viewer.userId) {
          const message = name
            ? 'We could not find a creator with this username.'
            : 'Enter the username of the creator who referred you.'
          const rule = name ? 'referrer.unknown' : 'referrer.required'
          throw new AppError('ValidationFailed', { message, fields: [{ field: 'code', rule, message }] })
        }
        stored = referrer.userName
      }
      if (!(await repo.setReferrer(viewer.userId, stored, clock.now()))) throw new AppError('AuditStepOrder')
      return audit(viewer.userId)
    },

    /** `origin`: the web app's origin the person started from (`req.returnOrigin`), where the partner returns. */
    async startIdentityCheck(viewer: Viewer, redirect: string, origin = deps.publicUrl) {
      const { state, openCheck } = await load(viewer.userId, true)
      creatorPolicy.assertCanAnswer(state, 'identity')
      // A check opened but never submitted is replaced by the new one.
      if (openCheck !== null) await repo.closePending(openCheck, 'abandoned')
      const returnPath = safeRedirect(redirect)
      const returnUrl = `${new URL(origin).origin}${CREATOR_AUDIT_PAGE}?redirect=${encodeURIComponent(returnPath)}`
      const session = await provider.createSession({ reference: `user-${viewer.userId}`, returnUrl })
      await repo.insertVerification({
        userId: viewer.userId,
        partner: provider.name,
        partnerSessionId: session.sessionId,
        returnPath,
        createdAt: clock.now(),
      })
      return { verification_url: session.url }
    },

    /** A verified decision from the partner's webhook; duplicates and unknown sessions are acknowledged. */
    async handleDecision(event: IdentityWebhookEvent) {
      await applyDecision(event)
      return { received: true as const }
    },

    /**
     * Makes a user a verified creator without an identity check, inside the caller's transaction: only for
     * accounts the server itself made (demo creators, partner 'demo'); no request reaches this.
     */
    async grantTrustedVerification(userId: number, partner: string, tx: Tx): Promise<void> {
      await repo.grantVerification(userId, partner, clock.now(), tx)
    },

    /** For posts, live and other paid features: throws 3034 unless the user is a verified creator. */
    async assertVerifiedCreator(userId: number): Promise<void> {
      const role = await repo.userRole(userId)
      const approved = role?.role === 1 && (await repo.hasApprovedVerification(userId))
      creatorPolicy.assertVerified(role?.deletedAt ? undefined : role?.role, approved)
    },
  }
}

export type CreatorService = ReturnType<typeof createCreatorService>
