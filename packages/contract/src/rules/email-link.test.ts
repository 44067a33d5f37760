import { describe, expect, it } from 'vitest'
import { readEmailLink } from './email-link.ts'

describe('e-mail links (spec §5)', () => {
  it('ignores a query that is not an e-mail link', () => {
    expect(readEmailLink('?t=earnings_report&s=5', 5)).toBeNull()
    expect(readEmailLink('?sc=push&t=earnings_report&s=5', 5)).toBeNull()
  })

  it('reports the earnings link once per session per user and template, and only with exactly t, sc, s', () => {
    expect(readEmailLink('?t=earnings_report&sc=email&s=5', 5)).toEqual({
      report: {
        template: 'earnings_report',
        userId: 5,
        payload: { t: 'earnings_report', sc: 'email', s: '5' },
      },
      onceKey: '5:earnings_report',
      openCreate: false,
      strip: [],
      mismatch: false,
    })
    expect(readEmailLink('?t=earnings_report&sc=email&s=5&x=1', 5)?.report).toBeNull()
    expect(readEmailLink('?t=new_member&sc=email&s=5', 5)?.report).toBeNull()
  })

  it('reports open_create links, stores the flag only when signed in, and strips their parameters', () => {
    const action = readEmailLink('?t=new_member&open_create=1&sc=email&s=5&ref=x', 5)
    expect(action).toMatchObject({
      report: { template: 'new_member', userId: 5 },
      openCreate: true,
      strip: ['t', 'open_create', 'sc', 's'],
      mismatch: false,
    })
    expect(readEmailLink('?t=new_member&open_create=1&sc=email&s=5', null)).toMatchObject({
      openCreate: false,
      mismatch: false,
    })
  })

  it('says when the e-mail went to another account than the signed-in one', () => {
    expect(readEmailLink('?t=earnings_report&sc=email&s=6', 5)?.mismatch).toBe(true)
    expect(readEmailLink('?t=new_messages&sc=email&s=6', 5)?.mismatch).toBe(true)
    expect(readEmailLink('?t=new_messages&sc=email&s=6', null)?.mismatch).toBe(false)
    expect(readEmailLink('?t=new_messages&sc=email&s=abc', 5)?.mismatch).toBe(false)
  })
})
