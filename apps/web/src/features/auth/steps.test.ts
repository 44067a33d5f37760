import { describe, expect, it } from 'vitest'
import { isProfileStep, loginStepPath, Step, stepFromHash } from './steps.ts'

describe('hash steps', () => {
  it('reads #step_1 ... #step_7 and defaults to the welcome step', () => {
    expect(stepFromHash('#step_3')).toBe(Step.Code)
    expect(stepFromHash('#step_7')).toBe(Step.Picture)
    expect(stepFromHash('')).toBe(Step.Welcome)
    expect(stepFromHash('#step_8')).toBe(Step.Welcome)
    expect(stepFromHash('#step_3x')).toBe(Step.Welcome)
  })

  it('keeps the query when moving between steps', () => {
    expect(loginStepPath(Step.Birthday, '?redirect=%2Fpost')).toBe('/login?redirect=%2Fpost#step_4')
    expect(loginStepPath(Step.Email)).toBe('/login#step_2')
  })

  it('knows the profile steps', () => {
    expect([4, 5, 6].every((s) => isProfileStep(stepFromHash(`#step_${s}`)))).toBe(true)
    expect(isProfileStep(Step.Picture)).toBe(false)
  })
})
