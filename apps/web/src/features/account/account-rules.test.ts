import { ErrorCodes } from '@velvet/contract'
import { describe, expect, it } from 'vitest'
import {
  deleteFlowStep,
  deviceKind,
  formatCountdown,
  initialDeleteFlow,
  secondsLeft,
} from './account-rules.ts'

describe('deviceKind', () => {
  it('tells phones, tablets and computers apart from the label', () => {
    expect(deviceKind('Safari on iPhone')).toBe('phone')
    expect(deviceKind('Chrome on Android')).toBe('phone')
    expect(deviceKind('Safari on iPad')).toBe('tablet')
    expect(deviceKind('Firefox on Windows')).toBe('desktop')
    expect(deviceKind('Unknown device')).toBe('desktop')
  })
})

describe('resend countdown', () => {
  it('rounds up and never goes below zero', () => {
    expect(secondsLeft(10_000, 9_001)).toBe(1)
    expect(secondsLeft(10_000, 10_000)).toBe(0)
    expect(secondsLeft(10_000, 20_000)).toBe(0)
    expect(formatCountdown(60)).toBe('1:00')
    expect(formatCountdown(45)).toBe('0:45')
  })
})

describe('delete account flow', () => {
  it('moves to the code once it is sent, with the resend time from resend_after', () => {
    const next = deleteFlowStep(initialDeleteFlow, {
      type: 'code-sent',
      email: 'a@b.test',
      resendAfter: 60,
      nowMs: 1_000,
    })
    expect(next).toEqual({ phase: 'code', email: 'a@b.test', resendAtMs: 61_000, error: null })
  })

  it('shows the unavailable message on 3020, from either step', () => {
    const { code, message } = ErrorCodes.DeleteAccountUnavailable
    expect(deleteFlowStep(initialDeleteFlow, { type: 'failed', code, message })).toEqual({
      phase: 'unavailable',
      message,
    })
    const atCode = deleteFlowStep(initialDeleteFlow, {
      type: 'code-sent',
      email: 'a@b.test',
      resendAfter: 60,
      nowMs: 0,
    })
    expect(deleteFlowStep(atCode, { type: 'failed', code, message }).phase).toBe('unavailable')
  })

  it('keeps the step and shows other errors there', () => {
    const atCode = deleteFlowStep(initialDeleteFlow, {
      type: 'code-sent',
      email: 'a@b.test',
      resendAfter: 60,
      nowMs: 0,
    })
    const wrong = deleteFlowStep(atCode, { type: 'failed', code: 2001, message: 'The code is not correct.' })
    expect(wrong).toMatchObject({ phase: 'code', error: 'The code is not correct.' })
    expect(deleteFlowStep(wrong, { type: 'restart' })).toEqual(initialDeleteFlow)
  })
})
