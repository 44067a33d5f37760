import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { Id, IdText, idList, QueryId } from './ids.ts'

const BIGINT_MAX = 2n ** 63n - 1n

describe('ids', () => {
  it('takes whole numbers from 1 to the largest safe integer, which is inside bigint', () => {
    expect(BigInt(Number.MAX_SAFE_INTEGER) < BIGINT_MAX).toBe(true)
    for (const good of [1, 10_000_001, Number.MAX_SAFE_INTEGER]) expect(Id.safeParse(good).success).toBe(true)
    for (const bad of [0, -1, 1.5, 1.11e29, 2 ** 53, Number.NaN, Number.POSITIVE_INFINITY, '12']) {
      expect(Id.safeParse(bad).success, String(bad)).toBe(false)
    }
  })

  it('reads query ids as numbers in the same range', () => {
    expect(QueryId.parse('10000001')).toBe(10_000_001)
    for (const bad of ['0', '-3', '1.5', '111111111111111111111111111111', 'abc', '']) {
      expect(QueryId.safeParse(bad).success, bad).toBe(false)
    }
  })

  it('keeps digit ids as text within the same range', () => {
    expect(IdText.parse('42')).toBe('42')
    for (const bad of ['0', '042', '9007199254740992', '1'.repeat(18), '1 ', '4\u00002']) {
      expect(IdText.safeParse(bad).success, bad).toBe(false)
    }
  })

  it('splits an id list into ids, never past bigint', () => {
    const ids = idList(50, 'List ids.')
    expect(ids.parse('1,22,333')).toEqual([1, 22, 333])
    expect(ids.safeParse('111111111111111111111111,2').success).toBe(false)
    expect(ids.safeParse(Array.from({ length: 51 }, (_, i) => i + 1).join(',')).success).toBe(false)
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^\d{1,30}$/), { minLength: 1, maxLength: 5 }), (parts) => {
        const result = ids.safeParse(parts.join(','))
        if (result.success)
          for (const id of result.data) expect(BigInt(id) <= BIGINT_MAX && id >= 1).toBe(true)
      }),
    )
  })
})
