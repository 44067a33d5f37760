import { describe, expect, it } from 'vitest'
import { idTokenNonce } from './oauth.ts'

const b64url = (value: unknown) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value))))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '')

describe('idTokenNonce', () => {
  it('reads the nonce claim of a JWT payload', () => {
    const token = `${b64url({ alg: 'RS256' })}.${b64url({ sub: '1', nonce: 'n-ü?>' })}.sig`
    expect(idTokenNonce(token)).toBe('n-ü?>')
  })

  it('answers null for a token without nonce or a malformed token', () => {
    expect(idTokenNonce(`${b64url({})}.${b64url({ sub: '1' })}.sig`)).toBeNull()
    expect(idTokenNonce('not-a-jwt')).toBeNull()
  })
})
