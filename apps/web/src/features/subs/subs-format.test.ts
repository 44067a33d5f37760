import { MembershipRules, ShellStorageKeys } from '@velvet/contract'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { takeRenewalTarget } from './renewal-target.ts'
import { choicesOf, memberLine, parseUsd, renewalLine, subscribeLabel } from './subs-format.ts'

const plan = {
  price_cents: 999,
  bundles: [{ months: 3 as const, discount_percent: 10, total_cents: 2697 }],
  promo: { percent_off: 50, ends_at: 1_900_000_000, first_month_cents: 499 },
}

describe('choices of a plan', () => {
  it('offers the promo to new members only, then bundles; a valid trial comes first', () => {
    const fresh = choicesOf(plan, { isNewMember: true, trial: { code: 'abcdef', days: 7 } })
    expect(fresh.map((c) => [c.id, c.amountCents])).toEqual([
      ['trial', 0],
      ['monthly', 499],
      ['bundle-3', 2697],
    ])
    const [trial, monthly] = fresh
    if (!trial || !monthly) throw new Error('choices missing')
    expect(subscribeLabel(trial)).toBe('Start free trial')
    expect(subscribeLabel(monthly)).toBe('Subscribe · US$4.99 first month')
    expect(subscribeLabel(fresh[2] as (typeof fresh)[number])).toBe('Subscribe · US$26.97 for 3 months')
    const back = choicesOf(plan, { isNewMember: false, trial: null })
    expect(back[0]).toMatchObject({ id: 'monthly', amountCents: 999, detail: 'Renews every month' })
    expect(subscribeLabel(back[0] as (typeof back)[number])).toBe('Subscribe · US$9.99/month')
  })
})

describe('lines', () => {
  const base = {
    auto_renew: true,
    period_end: 1_782_907_200,
    grace_until: null,
    renew_cents: 999,
    on_trial: false,
  }
  it('says when a membership renews, ends or may stop', () => {
    expect(renewalLine({ ...base, status: 'active' })).toBe('Renews Jul 1, 2026 · US$9.99')
    expect(renewalLine({ ...base, status: 'active', auto_renew: false })).toBe(
      'Ends Jul 1, 2026 · auto-renew off',
    )
    expect(renewalLine({ ...base, status: 'grace', grace_until: 1_783_512_000 })).toContain(
      'Access until Jul 8, 2026',
    )
    expect(
      memberLine({
        status: 'active',
        auto_renew: true,
        since: 1_780_315_200,
        period_end: 1_782_907_200,
        on_trial: true,
      }),
    ).toBe('Since Jun 1, 2026 · free trial until Jul 1, 2026')
  })
})

it('reads a typed price with the spec words when it is out of range', () => {
  expect(parseUsd('$4.99', MembershipRules.priceMessage)).toEqual({ usd: 4.99 })
  for (const bad of ['0.99', '1000.5', 'abc', '4.999'])
    expect(parseUsd(bad, MembershipRules.priceMessage)).toEqual({ error: MembershipRules.priceMessage })
})

describe('renewal_target_user_id (spec §5 e-mail links)', () => {
  // The web tests run in Node: a small in-memory localStorage stands in for the browser's.
  beforeEach(() => {
    const items = new Map<string, string>()
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
      removeItem: (key: string) => void items.delete(key),
    })
  })
  afterEach(() => vi.unstubAllGlobals())
  it('opens a stored renewal target once', () => {
    localStorage.setItem(ShellStorageKeys.renewalTarget, '42')
    expect(takeRenewalTarget()).toBe(42)
    expect(takeRenewalTarget()).toBeNull()
    localStorage.setItem(ShellStorageKeys.renewalTarget, '"x"')
    expect(takeRenewalTarget()).toBeNull()
  })
})
