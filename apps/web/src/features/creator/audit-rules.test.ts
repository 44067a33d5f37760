import { describe, expect, it } from 'vitest'
import {
  AUDIT_STEPS,
  auditRedirect,
  isFollowableUrl,
  shouldReportApproval,
  stepIndex,
} from './audit-rules.ts'

describe('creator audit stepper', () => {
  it('places each audit step in the stepper', () => {
    expect(stepIndex('agreement')).toBe(0)
    expect(stepIndex('social')).toBe(1)
    expect(stepIndex('referrer')).toBe(2)
    expect(stepIndex('identity')).toBe(3)
    expect(stepIndex('pending')).toBe(3)
    expect(stepIndex('declined')).toBe(3)
    expect(stepIndex('approved')).toBe(AUDIT_STEPS.length)
  })
})

describe('auditRedirect', () => {
  it('keeps a same-site path with its query', () => {
    expect(auditRedirect('?redirect=%2Fsetting')).toBe('/setting')
    expect(auditRedirect('?redirect=%2F%40ann%3Ftab%3Dposts')).toBe('/@ann?tab=posts')
  })

  it('falls back to /home for missing, foreign or protocol-relative targets', () => {
    expect(auditRedirect('')).toBe('/home')
    expect(auditRedirect('?redirect=https%3A%2F%2Fevil.test')).toBe('/home')
    expect(auditRedirect('?redirect=%2F%2Fevil.test')).toBe('/home')
    expect(auditRedirect('?redirect=javascript%3Aalert(1)')).toBe('/home')
  })
})

describe('isFollowableUrl', () => {
  it('accepts absolute http(s) addresses and same-site paths only', () => {
    expect(isFollowableUrl('https://idv.example/s/123')).toBe(true)
    expect(isFollowableUrl('http://127.0.0.1:3000/sandbox/identity/abc')).toBe(true)
    expect(isFollowableUrl('javascript:alert(1)')).toBe(false)
    expect(isFollowableUrl('/sandbox/identity/abc')).toBe(true)
    expect(isFollowableUrl('//evil.test/x')).toBe(false)
    expect(isFollowableUrl('data:text/html,hi')).toBe(false)
  })
})

describe('shouldReportApproval', () => {
  it('reports when this tab started the check or saw it before approval', () => {
    expect(shouldReportApproval(10000001, 10000001, false)).toBe(true)
    expect(shouldReportApproval(null, 10000001, true)).toBe(true)
  })

  it('does not report for a creator who only opens the page again', () => {
    expect(shouldReportApproval(null, 10000001, false)).toBe(false)
    expect(shouldReportApproval(10000002, 10000001, false)).toBe(false)
  })
})
