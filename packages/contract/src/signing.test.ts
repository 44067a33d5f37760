import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { canonicalRequest, percentEncode, signingKey, signRequest } from './signing.ts'

describe('request signing', () => {
  it('builds the canonical string with sorted keys and without sign', () => {
    expect(
      canonicalRequest('post', '/fapi/core/x/', { b: 2, a: 'x y', sign: 'zzz', c: { d: 1 }, e: undefined }),
    ).toBe('POST\n/fapi/core/x/\na=x%20y&b=2&c=%7B%22d%22%3A1%7D')
  })

  it('does not depend on the order of the params', () => {
    fc.assert(
      fc.asyncProperty(
        fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), fc.string()),
        async (params) => {
          const reversed = Object.fromEntries(Object.entries(params).reverse())
          expect(await signRequest('k', 'GET', '/p', params)).toBe(
            await signRequest('k', 'GET', '/p', reversed),
          )
        },
      ),
      { numRuns: 50 },
    )
  })

  it('changes with the key, the method, the path and every value', async () => {
    const base = await signRequest('k', 'POST', '/p', { ts: 1, a: 'x' })
    expect(base).toMatch(/^[a-f0-9]{64}$/)
    expect(await signRequest('k2', 'POST', '/p', { ts: 1, a: 'x' })).not.toBe(base)
    expect(await signRequest('k', 'GET', '/p', { ts: 1, a: 'x' })).not.toBe(base)
    expect(await signRequest('k', 'POST', '/q', { ts: 1, a: 'x' })).not.toBe(base)
    expect(await signRequest('k', 'POST', '/p', { ts: 2, a: 'x' })).not.toBe(base)
    expect(await signRequest('k', 'POST', '/p', { ts: 1, a: 'y' })).not.toBe(base)
  })

  it('encodes a lone surrogate instead of throwing, one-to-one', () => {
    expect(() => encodeURIComponent('a\ud800')).toThrow(URIError)
    expect(canonicalRequest('POST', '/p', { e: 'a\ud800', '\udc00': 1 })).toBe(
      'POST\n/p\ne=a%ED%A0%80&%ED%B0%80=1',
    )
    expect(percentEncode('\ud800')).not.toBe(percentEncode('\ufffd'))
    expect(percentEncode('\ud83d\ude00\ud83d')).toBe('%F0%9F%98%80%ED%A0%BD')
  })

  it('encodes well-formed text exactly as encodeURIComponent, and any text without throwing', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        expect(percentEncode(text)).toBe(encodeURIComponent(text))
      }),
    )
    const unit = fc.oneof(
      fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
      fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code)),
    )
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 6 }), fc.string({ unit, maxLength: 6 }), (a, b) => {
        fc.pre(a !== b)
        expect(percentEncode(a)).not.toBe(percentEncode(b))
      }),
    )
  }, 30_000)

  it('binds the key to the session token when there is one', () => {
    expect(signingKey('client', null)).toBe('client')
    expect(signingKey('client', 'tok')).toBe('client:tok')
  })
})
