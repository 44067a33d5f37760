import type { AuditStep } from '@velvet/contract'
import { z } from 'zod'
import { readJson, removeItem, writeJson } from '../../lib/storage.ts'
import { redirectFrom } from '../auth/index.ts'

/** The four steps of host verification the stepper shows (spec §2), in order. */
export const AUDIT_STEPS = [
  { step: 'agreement', label: 'Agreement' },
  { step: 'social', label: 'Platforms' },
  { step: 'referrer', label: 'Referral' },
  { step: 'identity', label: 'Identity' },
] as const

/** 0-based position in the stepper; the identity check's outcomes stay on the last step, approval is past it. */
export function stepIndex(step: AuditStep): number {
  switch (step) {
    case 'agreement':
      return 0
    case 'social':
      return 1
    case 'referrer':
      return 2
    case 'approved':
      return AUDIT_STEPS.length
    default:
      return 3
  }
}

/** Where /creator_audit returns to: `redirect` when it is a same-site path, else /home. */
export function auditRedirect(search: string): string {
  return redirectFrom(search)
}

/** Only http(s) addresses (or a same-site path) are followed to the identity partner. */
export function isFollowableUrl(value: string): boolean {
  if (value.startsWith('/')) return !value.startsWith('//') && !value.startsWith('/\\')
  try {
    const url = new URL(value, 'http://invalid.local')
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.host !== 'invalid.local'
  } catch {
    return false
  }
}

/**
 * The approval is reported (common_report creator_verify) when this device started the identity check
 * or this screen saw the check before it was approved; a creator who merely opens /creator_audit again
 * is sent on without a report.
 */
export function shouldReportApproval(
  startedBy: number | null,
  userId: number,
  sawUnapproved: boolean,
): boolean {
  return sawUnapproved || startedBy === userId
}

/** sessionStorage: which account started an identity check in this tab (it survives the partner's page). */
const STARTED_KEY = 'velvet.creator_audit_started'

export const identityStarted = {
  mark: (userId: number) => writeJson(STARTED_KEY, userId, 'session'),
  read: (): number | null => readJson(STARTED_KEY, z.number().int(), 'session'),
  clear: () => removeItem(STARTED_KEY, 'session'),
}
