import { ChatTexts, type PayoutOverview } from '@velvet/contract'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { PayoutBalance } from './PayoutBalance.tsx'

const overview = (fields: Partial<PayoutOverview> = {}): PayoutOverview => ({
  is_creator: true,
  available_cents: 12_345,
  pending_cents: 0,
  held_cents: 0,
  referral_held_cents: 0,
  minimum_cents: 2_000,
  is_us: true,
  has_tax: true,
  default_method: null,
  processing_days: '3-5',
  arrival_days: '1-3',
  suspended_until: null,
  ...fields,
})

const html = (fields: Partial<PayoutOverview> = {}) =>
  renderToStaticMarkup(<PayoutBalance overview={overview(fields)} />)

describe('the payout balance', () => {
  it('shows what can be withdrawn, and no held lines when nothing is held', () => {
    const markup = html()
    expect(markup).toContain('US$123.45')
    for (const text of [ChatTexts.heldLabel, ChatTexts.referralHeldLabel, ChatTexts.heldHint]) {
      expect(markup).not.toContain(text)
    }
  })

  it("shows the creator's own held shares and a referrer's held shares apart, each with its rule", () => {
    const own = html({ held_cents: 1_600 })
    expect(own).toContain(`<dt>${ChatTexts.heldLabel}</dt><dd>US$16.00</dd>`)
    expect(own).toContain(ChatTexts.heldHint)
    expect(own).not.toContain(ChatTexts.referralHeldLabel)

    const referral = html({ referral_held_cents: 80 })
    expect(referral).toContain(`<dt>${ChatTexts.referralHeldLabel}</dt><dd>US$0.80</dd>`)
    expect(referral).toContain(ChatTexts.referralHeldHint)
    expect(referral).not.toContain(ChatTexts.heldHint)
  })
})
