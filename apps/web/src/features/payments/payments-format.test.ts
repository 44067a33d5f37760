import { describe, expect, it } from 'vitest'
import { coinsPath, safeReturnPath, withoutParam } from './paths.ts'
import { cardLabel, expiryText, parseCoinAmount, suggestedCoins } from './payments-format.ts'

describe('payments format', () => {
  it('names cards and expiries', () => {
    expect(cardLabel({ brand: 'visa', last4: '4242' })).toBe('Visa •••• 4242')
    expect(cardLabel({ brand: 'unionpay', last4: '0005' })).toBe('Card •••• 0005')
    expect(expiryText({ exp_month: 3, exp_year: 2034, expired: false })).toBe('Expires 03/34')
    expect(expiryText({ exp_month: 12, exp_year: 2025, expired: true })).toBe('Expired 12/25')
  })

  it("checks the custom amount with the contract's words", () => {
    expect(parseCoinAmount('250')).toEqual({ coins: 250 })
    for (const bad of ['', '0', '10001', '1.5', 'abc', '-3'])
      expect(parseCoinAmount(bad)).toEqual({ error: 'Enter a number from 1 to 10000.' })
  })

  it('suggests the smallest pack that covers a need', () => {
    expect(suggestedCoins(null)).toBe(100)
    expect(suggestedCoins(90)).toBe(100)
    expect(suggestedCoins(301)).toBe(500)
    expect(suggestedCoins(7_777)).toBe(7_777)
  })

  it('keeps return paths inside the app', () => {
    expect(safeReturnPath('/post?id=7')).toBe('/post?id=7')
    expect(safeReturnPath('//evil.example')).toBeNull()
    expect(safeReturnPath('https://evil.example')).toBeNull()
    expect(coinsPath({ need: 90, back: '/post?id=7' })).toBe('/pay/coins?need=90&return=%2Fpost%3Fid%3D7')
    expect(withoutParam('/manage/cards', '?setup_session_id=x&a=1', 'setup_session_id')).toBe(
      '/manage/cards?a=1',
    )
  })
})
