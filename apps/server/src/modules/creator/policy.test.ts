import { ErrorCodes } from '@velvet/contract'
import { describe, expect, it } from 'vitest'
import { type AuditState, auditStep, creatorPolicy } from './policy.ts'
import { safeRedirect } from './service.ts'

const base: AuditState = {
  userRole: 0,
  agreementAcceptedAt: new Date(),
  socialPlatform: 'x',
  socialHandle: '',
  referrerCode: '',
  identity: { status: 'none', declineReason: null },
}

const codeOf = (work: () => void) => {
  try {
    work()
    return null
  } catch (error) {
    return (error as { code?: number }).code
  }
}

describe('creator audit policy', () => {
  it('derives the step in order', () => {
    expect(auditStep({ ...base, agreementAcceptedAt: null, socialPlatform: null })).toBe('agreement')
    expect(auditStep({ ...base, socialPlatform: null })).toBe('social')
    expect(auditStep({ ...base, referrerCode: null })).toBe('referrer')
    expect(auditStep(base)).toBe('identity')
    expect(auditStep({ ...base, identity: { status: 'pending', declineReason: null } })).toBe('pending')
    expect(auditStep({ ...base, identity: { status: 'declined', declineReason: 'Blurry' } })).toBe('declined')
    expect(auditStep({ ...base, userRole: 1 })).toBe('approved')
  })

  it('refuses out-of-order answers (3031), anything after approval (3032) and a second check under review (3035)', () => {
    expect(codeOf(() => creatorPolicy.assertCanAnswer({ ...base, socialPlatform: null }, 'referrer'))).toBe(
      ErrorCodes.AuditStepOrder.code,
    )
    expect(
      codeOf(() => creatorPolicy.assertCanAnswer({ ...base, socialPlatform: null }, 'agreement')),
    ).toBeNull()
    expect(codeOf(() => creatorPolicy.assertCanAnswer({ ...base, userRole: 1 }, 'agreement'))).toBe(
      ErrorCodes.AlreadyCreator.code,
    )
    const pending = { ...base, identity: { status: 'pending' as const, declineReason: null } }
    expect(codeOf(() => creatorPolicy.assertCanAnswer(pending, 'identity'))).toBe(
      ErrorCodes.IdentityCheckPending.code,
    )
    expect(codeOf(() => creatorPolicy.assertCanAnswer(pending, 'social'))).toBeNull()
    const declined = { ...base, identity: { status: 'declined' as const, declineReason: 'x' } }
    expect(codeOf(() => creatorPolicy.assertCanAnswer(declined, 'identity'))).toBeNull()
  })

  it('needs role 1 and an approved check for paid features (3034)', () => {
    expect(codeOf(() => creatorPolicy.assertVerified(1, true))).toBeNull()
    expect(codeOf(() => creatorPolicy.assertVerified(1, false))).toBe(ErrorCodes.CreatorNotVerified.code)
    expect(codeOf(() => creatorPolicy.assertVerified(0, true))).toBe(ErrorCodes.CreatorNotVerified.code)
    expect(codeOf(() => creatorPolicy.assertVerified(undefined, false))).toBe(
      ErrorCodes.CreatorNotVerified.code,
    )
  })

  it('keeps only same-site redirect paths', () => {
    expect(safeRedirect('/@anna?tab=posts')).toBe('/@anna?tab=posts')
    for (const bad of ['//evil.example', '/\\evil.example', 'https://evil.example', 'home', '/a\nb', '']) {
      expect(safeRedirect(bad)).toBe('/home')
    }
  })
})
