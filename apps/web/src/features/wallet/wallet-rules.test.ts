import { describe, expect, it } from 'vitest'
import {
  buyCoinsPath,
  coinsShort,
  hasFeeLines,
  lineAmount,
  signedAmount,
  unlockReturnPath,
} from './wallet-rules.ts'

describe('wallet rules', () => {
  it('always shows the unit, with a sign on statements', () => {
    expect(signedAmount(-120, 'coins')).toBe('\u2212120 coins')
    expect(signedAmount(960, 'usd_cents')).toBe('+US$9.60')
    expect(signedAmount(1, 'coins')).toBe('+1 coin')
    expect(signedAmount(0, 'usd_cents')).toBe('US$0.00')
  })

  it('shows deductions of fee lines with a minus', () => {
    expect(lineAmount({ key: 'platform_fee', label: 'Platform fee', amount: -240, unit: 'usd_cents' })).toBe(
      '\u2212US$2.40',
    )
    expect(lineAmount({ key: 'gross', label: 'Gross', amount: 1200, unit: 'usd_cents' })).toBe('US$12.00')
    expect(hasFeeLines({ lines: [] })).toBe(false)
  })

  it('sends a short fan to buy coins and back to the unlock', () => {
    expect(coinsShort(120, 30)).toBe(90)
    expect(coinsShort(10, 30)).toBe(0)
    const back = unlockReturnPath('/post', '?id=7', 7)
    expect(back).toBe('/post?id=7&unlock=7')
    expect(buyCoinsPath(90, back)).toBe('/pay/coins?need=90&return=%2Fpost%3Fid%3D7%26unlock%3D7')
    expect(buyCoinsPath(null, '/pay/wallet')).toBe('/pay/coins?return=%2Fpay%2Fwallet')
  })
})
