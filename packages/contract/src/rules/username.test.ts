import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { FORBIDDEN_BRANDS, Profile } from '../constants.ts'
import { brokenUsernameRules, Username, usernameRules } from './username.ts'

const ruleIds = new Set(usernameRules.map((r) => r.id))
const charset = fc.constantFrom(
  ...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.'.split(''),
)
const anyChar = fc.oneof(charset, fc.constantFrom(' ', '!', '-', '@', 'é', '😀', '/'))

function issuesOf(value: string) {
  const result = Username.safeParse(value)
  return result.success ? [] : result.error.issues
}

describe('username rules', () => {
  it('accepted usernames satisfy every rule', () => {
    fc.assert(
      fc.property(fc.string({ unit: charset, minLength: 0, maxLength: 40 }), (value) => {
        if (!Username.safeParse(value).success) return
        expect(value.length).toBeGreaterThanOrEqual(Profile.usernameMin)
        expect(value.length).toBeLessThanOrEqual(Profile.usernameMax)
        expect(value).toMatch(/^[A-Za-z0-9_.]+$/)
        expect(value.endsWith('.')).toBe(false)
        for (const brand of FORBIDDEN_BRANDS) expect(value.toLowerCase()).not.toContain(brand)
      }),
      { numRuns: 2000 },
    )
  })

  it('every rejected username names each rule it broke, and only those', () => {
    fc.assert(
      fc.property(fc.string({ unit: anyChar, minLength: 0, maxLength: 40 }), (value) => {
        const issues = issuesOf(value)
        const named = issues.map((i) => (i as { params?: { rule?: string } }).params?.rule)
        expect(named.every((id) => id !== undefined && ruleIds.has(id))).toBe(true)
        expect(named).toEqual(brokenUsernameRules(value).map((r) => r.id))
        for (const issue of issues) expect(issue.message.length).toBeGreaterThan(0)
      }),
      { numRuns: 2000 },
    )
  })

  it('rejects a brand name in any case and position', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...FORBIDDEN_BRANDS),
        fc.string({ unit: charset, maxLength: 6 }),
        fc.string({ unit: charset, maxLength: 6 }),
        fc.boolean(),
        (brand, before, after, upper) => {
          const value = `${before}${upper ? brand.toUpperCase() : brand}${after}`
          expect(brokenUsernameRules(value).map((r) => r.id)).toContain('username.brand')
        },
      ),
    )
  })

  it.each([
    ['jane_doe', []],
    ['jane.doe.', ['username.trailing_period']],
    ['short', ['username.min']],
    ['has space', ['username.charset']],
    ['velvet_jane', ['username.brand']],
    ['x'.repeat(31), ['username.max']],
  ])('%s breaks %j', (value, rules) => {
    expect(brokenUsernameRules(value).map((r) => r.id)).toEqual(rules)
  })
})
