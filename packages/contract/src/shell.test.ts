import { describe, expect, it } from 'vitest'
import { TestModeTexts } from './shell.ts'

describe('test-mode texts', () => {
  it('name what is simulated in a fixed order', () => {
    expect(TestModeTexts.simulated(['payouts', 'payments', 'identity'])).toBe(
      'Card payments, identity checks and payouts are simulated.',
    )
    expect(TestModeTexts.simulated(['payouts', 'payments'])).toBe('Card payments and payouts are simulated.')
    expect(TestModeTexts.simulated(['identity'])).toBe('Identity checks are simulated.')
  })
})
