import { type CreatorAudit, UserRole } from '@velvet/contract'
import { useEffect, useRef, useState } from 'react'
import { Navigate, useLocation } from 'react-router'
import { navigateTo } from '../../lib/navigation.ts'
import { queryClient } from '../../lib/query-client.ts'
import { ScreenBar } from '../../ui/ScreenBar.tsx'
import { ErrorState, SkeletonRows } from '../../ui/ScreenStates.tsx'
import { PageLoader } from '../../ui/Spinner.tsx'
import { toast } from '../../ui/toast-store.ts'
import { loadCurrentUser, loginWithRedirect, useSession } from '../auth/index.ts'
import { AgreementStep } from './AgreementStep.tsx'
import {
  AUDIT_STEPS,
  auditRedirect,
  identityStarted,
  shouldReportApproval,
  stepIndex,
} from './audit-rules.ts'
import { creatorKeys, reportCreatorVerified, useCreatorAudit } from './creator.queries.ts'
import { DeclinedView, IdentityStep, PendingView } from './IdentityStep.tsx'
import { ReferrerStep } from './ReferrerStep.tsx'
import { SocialStep } from './SocialStep.tsx'
import { useIdentityStart } from './use-identity-start.ts'
import '../../ui/screen-kit.css'
import './creator.css'

/** Approvals being finished (once per account, even if the screen renders twice). */
const finishing = new Set<number>()

/**
 * Approved: report creator_verify once (when this tab took part in the check), refresh the stored user so
 * the role is 1 everywhere, then go back to `redirect`.
 */
async function finishApproval(userId: number, redirect: string, sawUnapproved: boolean): Promise<void> {
  if (finishing.has(userId)) return
  finishing.add(userId)
  if (shouldReportApproval(identityStarted.read(), userId, sawUnapproved)) {
    try {
      await reportCreatorVerified(userId)
    } catch (error) {
      console.debug('common_report creator_verify failed', error)
    }
    toast.success('You’re verified. Welcome, creator!')
  }
  identityStarted.clear()
  await loadCurrentUser()
  navigateTo(redirect, { replace: true })
}

/** /creator_audit?redirect=: host verification (spec §2, §6). Guests sign in first. */
export function CreatorAuditScreen() {
  const session = useSession()
  const { pathname, search } = useLocation()
  if (session.kind === 'anonymous') return <Navigate to={loginWithRedirect(`${pathname}${search}`)} replace />
  if (session.kind === 'none') return <PageLoader />
  return (
    <Audit userId={session.user.user_id} role={session.user.user_role} redirect={auditRedirect(search)} />
  )
}

function Audit({ userId, role, redirect }: { userId: number; role: number; redirect: string }) {
  // A creator who opens this again (and did not just finish a check in this tab) goes straight back.
  const [alreadyCreator] = useState(() => role === UserRole.Creator && identityStarted.read() !== userId)
  const query = useCreatorAudit()
  const audit = alreadyCreator ? undefined : query.data
  const sawUnapproved = useRef(false)
  const identity = useIdentityStart(userId, redirect, () => void query.refetch())
  // The role can also flip through user_info_change while this screen is open.
  const approved = role === UserRole.Creator || audit?.step === 'approved'

  useEffect(() => {
    if (audit && audit.step !== 'approved') sawUnapproved.current = true
  }, [audit])

  useEffect(() => {
    if (approved && !alreadyCreator) void finishApproval(userId, redirect, sawUnapproved.current)
  }, [approved, alreadyCreator, userId, redirect])

  if (alreadyCreator) return <Navigate to={redirect} replace />

  const setAudit = (next: CreatorAudit) => queryClient.setQueryData(creatorKeys.audit(userId), next)

  let body = <SkeletonRows count={3} label="Loading your verification" />
  if (approved) {
    body = <PageLoader label="Finishing" />
  } else if (query.isError) {
    body = <ErrorState error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
  } else if (audit) {
    body = (
      <>
        <Progress step={audit.step} />
        {audit.step === 'agreement' ? <AgreementStep onDone={setAudit} /> : null}
        {audit.step === 'social' ? <SocialStep audit={audit} onDone={setAudit} /> : null}
        {audit.step === 'referrer' ? <ReferrerStep audit={audit} onDone={setAudit} /> : null}
        {audit.step === 'identity' ? (
          <IdentityStep
            start={() => void identity.start()}
            starting={identity.starting}
            error={identity.error}
          />
        ) : null}
        {audit.step === 'pending' ? <PendingView /> : null}
        {audit.step === 'declined' ? (
          <DeclinedView
            reason={audit.decline_reason}
            start={() => void identity.start()}
            starting={identity.starting}
            error={identity.error}
          />
        ) : null}
      </>
    )
  }

  return (
    <div className="v-screen">
      <ScreenBar title="Become a creator" fallback={redirect} />
      <main className="v-set-body v-audit">{body}</main>
    </div>
  )
}

function Progress({ step }: { step: CreatorAudit['step'] }) {
  const index = stepIndex(step)
  const current = AUDIT_STEPS[Math.min(index, AUDIT_STEPS.length - 1)]
  return (
    <div className="v-audit-progress">
      <p className="v-audit-progress__label">
        Step {Math.min(index + 1, AUDIT_STEPS.length)} of {AUDIT_STEPS.length}
        <span aria-hidden="true"> · </span>
        <span className="v-audit-progress__name">{current?.label}</span>
      </p>
      <ol className="v-audit-progress__bar" aria-label="Verification steps">
        {AUDIT_STEPS.map((item, i) => (
          <li
            key={item.step}
            className="v-audit-progress__segment"
            data-done={i < index || undefined}
            data-current={i === index || undefined}
            aria-current={i === index ? 'step' : undefined}
          >
            <span className="v-visually-hidden">
              {item.label}
              {i < index ? ' (done)' : ''}
            </span>
          </li>
        ))}
      </ol>
    </div>
  )
}
