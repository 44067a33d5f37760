import { ChatTexts, type PayoutOverview, PayoutScreenTexts } from '@velvet/contract'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { PayoutBalance } from './PayoutBalance.tsx'
import { testOverview } from './test-overview.ts'

const overview = testOverview

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

  it('shows pending earnings apart from what is available, with the clearing rule and the next date', () => {
    const at = Date.UTC(2026, 11, 4, 12) / 1000
    const markup = html({ available_cents: 2_000, clearing_cents: 4_550, next_clear_at: at })
    expect(markup).toContain(
      `${PayoutScreenTexts.available}</h2><p class="v-payout-balance__amount">US$20.00</p>`,
    )
    expect(markup).toContain(
      `${PayoutScreenTexts.pending}</h2><p class="v-payout-balance__amount v-payout-balance__amount--pending">US$45.50</p>`,
    )
    expect(markup).toContain(PayoutScreenTexts.pendingHint)
    expect(markup).toContain(PayoutScreenTexts.nextClear('Dec 4, 2026'))
    // Withdrawals on their way show only when there are some.
    expect(markup).not.toContain(PayoutScreenTexts.onTheWay)
    expect(html({ pending_cents: 2_000 })).toContain(
      `<dt>${PayoutScreenTexts.onTheWay}</dt><dd>US$20.00</dd>`,
    )
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
