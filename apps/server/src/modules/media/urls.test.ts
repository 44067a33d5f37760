import { MEDIA_URL_PREFIX, Media } from '@velvet/contract'
import { describe, expect, it } from 'vitest'
import { createMediaSigner } from './urls.ts'

describe('media URL signer', () => {
  const now = 1_800_000_000
  const signer = createMediaSigner('a-test-secret-of-enough-length', () => now)

  it('writes the same query text URLSearchParams would, and verifies it', () => {
    const url = signer.sign(42, 'w960.webp', 7)
    const parsed = new URL(url, 'http://local')
    expect(parsed.pathname).toBe(`${MEDIA_URL_PREFIX}42/w960.webp`)
    const expires = now + Media.signedUrlSeconds
    const s = parsed.searchParams.get('s') ?? ''
    expect(parsed.search).toBe(`?${new URLSearchParams({ v: '7', e: String(expires), s })}`)
    expect(signer.verify({ mediaId: 42, file: 'w960.webp', viewerId: 7, expires }, s)).toBe(true)
  })

  it('refuses another viewer, file, expiry or secret', () => {
    const expires = now + Media.signedUrlSeconds
    const s = new URL(signer.sign(42, 'w960.webp', 7), 'http://local').searchParams.get('s') ?? ''
    expect(signer.verify({ mediaId: 42, file: 'w960.webp', viewerId: 8, expires }, s)).toBe(false)
    expect(signer.verify({ mediaId: 42, file: 'w480.webp', viewerId: 7, expires }, s)).toBe(false)
    expect(signer.verify({ mediaId: 42, file: 'w960.webp', viewerId: 7, expires: expires + 1 }, s)).toBe(
      false,
    )
    const other = createMediaSigner('another-secret-of-enough-length', () => now)
    expect(other.verify({ mediaId: 42, file: 'w960.webp', viewerId: 7, expires }, s)).toBe(false)
  })

  it('refuses an expired grant', () => {
    const later = createMediaSigner('a-test-secret-of-enough-length', () => now + Media.signedUrlSeconds + 1)
    const expires = now + Media.signedUrlSeconds
    const s = new URL(signer.sign(42, 'w960.webp', 7), 'http://local').searchParams.get('s') ?? ''
    expect(later.verify({ mediaId: 42, file: 'w960.webp', viewerId: 7, expires }, s)).toBe(false)
  })
})
