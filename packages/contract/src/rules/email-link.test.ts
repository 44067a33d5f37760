import { describe, expect, it } from 'vitest'
import { emailLinkPath, emailLinkQuery, readEmailLink } from './email-link.ts'

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
      renewal: null,
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

  it('keeps the renewal target of a renewal link for its own account only, and strips its parameters', () => {
    const strip = ['t', 'target_user_id', 'sc', 's']
    expect(readEmailLink('?t=payment_failed&target_user_id=9&sc=email&s=5', 5)).toMatchObject({
      report: null,
      renewal: { targetUserId: 9 },
      strip,
      mismatch: false,
    })
    // Another account's link, or nobody signed in: the stored target goes.
    expect(readEmailLink('?t=payment_failed&target_user_id=9&sc=email&s=6', 5)).toMatchObject({
      renewal: { targetUserId: null },
      strip,
      mismatch: true,
    })
    expect(readEmailLink('?t=payment_failed&target_user_id=9&sc=email&s=5', null)?.renewal).toEqual({
      targetUserId: null,
    })
    expect(readEmailLink('?t=payment_failed&target_user_id=x&sc=email&s=5', 5)?.renewal).toEqual({
      targetUserId: null,
    })
    // Not exactly those four parameters: not a renewal link.
    expect(readEmailLink('?t=payment_failed&target_user_id=9&sc=email&s=5&x=1', 5)).toMatchObject({
      renewal: null,
      strip: [],
    })
  })

  it('says when the e-mail went to another account than the signed-in one', () => {
    expect(readEmailLink('?t=earnings_report&sc=email&s=6', 5)?.mismatch).toBe(true)
    expect(readEmailLink('?t=new_messages&sc=email&s=6', 5)?.mismatch).toBe(true)
    expect(readEmailLink('?t=new_messages&sc=email&s=6', null)?.mismatch).toBe(false)
    expect(readEmailLink('?t=new_messages&sc=email&s=abc', 5)?.mismatch).toBe(false)
  })
})

describe('building e-mail links', () => {
  it('puts the parameters in the order of spec §5, in each of the three shapes', () => {
    expect(emailLinkQuery('earnings_report', 5)).toBe('t=earnings_report&sc=email&s=5')
    expect(emailLinkQuery('new_member', 5, { kind: 'open_create' })).toBe(
      't=new_member&open_create=1&sc=email&s=5',
    )
    expect(emailLinkQuery('payment_failed', 5, { kind: 'renewal', targetUserId: 9 })).toBe(
      't=payment_failed&target_user_id=9&sc=email&s=5',
    )
  })

  it('builds links the app reads as it should', () => {
    const earnings = new URL(`https://x.test${emailLinkPath('/pay/wallet', 'earnings_report', 5)}`)
    expect(readEmailLink(earnings.search, 5)).toMatchObject({
      report: { template: 'earnings_report', userId: 5 },
      onceKey: '5:earnings_report',
    })
    const create = new URL(
      `https://x.test${emailLinkPath('/subs/subscribers', 'new_member', 5, { kind: 'open_create' })}`,
    )
    expect(readEmailLink(create.search, 5)).toMatchObject({
      report: { template: 'new_member' },
      openCreate: true,
    })
    const room = new URL(`https://x.test${emailLinkPath('/chatRoom?u1=5&u2=7', 'new_messages', 5)}`)
    expect(Object.fromEntries(room.searchParams)).toEqual({
      u1: '5',
      u2: '7',
      t: 'new_messages',
      sc: 'email',
      s: '5',
    })
    expect(readEmailLink(room.search, 6)?.mismatch).toBe(true)
    const renewal = new URL(
      `https://x.test${emailLinkPath('/subs/subscriptions', 'payment_failed', 5, { kind: 'renewal', targetUserId: 9 })}`,
    )
    expect([...renewal.searchParams.keys()].sort()).toEqual(['s', 'sc', 't', 'target_user_id'])
  })

  it('refuses a query of its own on the links that must carry exactly their parameters', () => {
    expect(() => emailLinkPath('/pay/wallet?tab=1', 'earnings_report', 5)).toThrow()
    expect(() =>
      emailLinkPath('/subs/subscriptions?x=1', 'payment_failed', 5, { kind: 'renewal', targetUserId: 9 }),
    ).toThrow()
  })
})
