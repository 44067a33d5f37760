import { ErrorCodes, PayoutMethodKind } from '@velvet/contract'
import { describe, expect, it } from 'vitest'
import {
  AmountMessages,
  amountProblem,
  centsToField,
  chosenMethod,
  parseUsdToCents,
  previewOf,
} from './payout-rules.ts'

describe('payout amounts', () => {
  it.each([
    ['50', 5_000],
    ['50.5', 5_050],
    ['50.25', 5_025],
    ['$1,250.00', 125_000],
    ['US$20', 2_000],
    ['20.', 2_000],
    ['', null],
    ['12.345', null],
    ['-5', null],
    ['abc', null],
  ])('%s is %s cents', (text, cents) => {
    expect(parseUsdToCents(text)).toBe(cents)
  })

  it('checks the minimum and the balance', () => {
    expect(amountProblem(1_999, 10_000)).toBe('minimum')
    expect(amountProblem(10_001, 10_000)).toBe('balance')
    expect(amountProblem(2_000, 10_000)).toBeNull()
    expect(amountProblem(null, 10_000)).toBe('format')
    // What is pending (still clearing) is in the wallet but not withdrawable yet.
    expect(amountProblem(10_001, 10_000, 5_000)).toBe('clearing')
    expect(amountProblem(15_001, 10_000, 5_000)).toBe('balance')
    expect(AmountMessages.clearing).toBe(ErrorCodes.PayoutNotCleared.message)
    expect(centsToField(2_050)).toBe('20.50')
  })

  it('previews the spec §9 fees', () => {
    expect(previewOf(PayoutMethodKind.PayPal, 5_000, true)).toEqual({ feeCents: 25, netCents: 4_975 })
    expect(previewOf(PayoutMethodKind.PayPal, 5_000, false)).toEqual({ feeCents: 100, netCents: 4_900 })
    expect(previewOf(PayoutMethodKind.PayPal, 500_000, false)).toEqual({ feeCents: 2_000, netCents: 498_000 })
    expect(previewOf(PayoutMethodKind.Usdt, 5_000, true)).toEqual({ feeCents: 300, netCents: 4_700 })
    expect(previewOf(PayoutMethodKind.Ach, 5_000, true)).toEqual({ feeCents: 0, netCents: 5_000 })
  })

  it('picks the method chosen, else the default, else the first', () => {
    const method = (id: number, isDefault: boolean) => ({
      method_id: id,
      kind: PayoutMethodKind.PayPal,
      title: 'PayPal',
      detail: `m${id}@example.com`,
      is_default: isDefault,
      created_at: 0,
    })
    expect(chosenMethod([], null)).toBeNull()
    expect(chosenMethod([method(1, false)], null)?.method_id).toBe(1)
    expect(chosenMethod([method(1, false), method(2, true)], null)?.method_id).toBe(2)
    expect(chosenMethod([method(1, false), method(2, true)], 1)?.method_id).toBe(1)
    // A method picked and then removed falls back to the default.
    expect(chosenMethod([method(2, true)], 1)?.method_id).toBe(2)
  })
})
