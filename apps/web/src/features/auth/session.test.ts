import type { SessionUser } from '@velvet/contract'
import { describe, expect, it } from 'vitest'
import { credentialsOf } from './session.ts'

const user: SessionUser = {
  user_id: 42,
  user_name: 'scarlett.rose',
  user_role: 1,
  user_type: 0,
  nickname: 'Scarlett',
  portrait: null,
  bio: '',
  email: 'scarlett@example.com',
  referrer_code: null,
  needs_profile: false,
}

describe('credentialsOf', () => {
  it('sends an account as logged in (type 0) with its role', () => {
    expect(credentialsOf({ kind: 'account', token: 't', user, expiresAt: 0 })).toEqual({
      token: 't',
      userId: 42,
      userRole: 1,
      userType: 0,
    })
  })

  it('sends a guest as anonymous (type 3) without a role (-1)', () => {
    expect(credentialsOf({ kind: 'anonymous', token: 'g', userId: 7 })).toEqual({
      token: 'g',
      userId: 7,
      userRole: -1,
      userType: 3,
    })
  })

  it('sends no token or user id before the guard has run', () => {
    expect(credentialsOf({ kind: 'none' })).toEqual({ token: null, userId: null, userRole: -1, userType: 3 })
  })
})
