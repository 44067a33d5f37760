import type { WalletSummary } from '@velvet/contract'
import { renderToStaticMarkup } from 'react-dom/server'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { WalletCards } from './WalletScreen.tsx'

const fan: WalletSummary = {
  coins: 120,
  spent_cents_30d: 0,
  spent_level: 0,
  spent_label: 'None',
  balance: null,
  earned_cents_30d: null,
}

const html = (summary: WalletSummary) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <WalletCards summary={summary} />
    </MemoryRouter>,
  )

describe('the wallet', () => {
  it('leads with earnings for someone who earns, the coins after', () => {
    const markup = html({ ...fan, balance: 8_000, earned_cents_30d: 8_000 })
    expect(markup.indexOf('Earnings balance')).toBeGreaterThan(-1)
    expect(markup.indexOf('Earnings balance')).toBeLessThan(markup.indexOf('id="wallet-coins"'))
  })

  it('says what of the earnings is available now and what is still clearing', () => {
    const split = { available_cents: 2_000, clearing_cents: 6_000, clearing_days: 7 }
    const markup = renderToStaticMarkup(
      <MemoryRouter>
        <WalletCards summary={{ ...fan, balance: 8_000, earned_cents_30d: 8_000 }} split={split} />
      </MemoryRouter>,
    )
    expect(markup).toContain('<strong>US$20.00</strong> available now')
    expect(markup).toContain('<strong>US$60.00</strong> pending: earnings clear 7 days after each sale.')
    // Nothing clearing: no split line.
    const cleared = renderToStaticMarkup(
      <MemoryRouter>
        <WalletCards
          summary={{ ...fan, balance: 8_000, earned_cents_30d: 8_000 }}
          split={{ ...split, available_cents: 8_000, clearing_cents: 0 }}
        />
      </MemoryRouter>,
    )
    expect(cleared).not.toContain('pending')
  })

  it('leads with the coins for a fan, with no earnings card', () => {
    const markup = html(fan)
    expect(markup).not.toContain('Earnings balance')
    expect(markup.indexOf('id="wallet-coins"')).toBeLessThan(markup.indexOf('id="wallet-spent"'))
  })
})
