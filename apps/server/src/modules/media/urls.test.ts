import { MEDIA_URL_PREFIX, Media } from '@velvet/contract'
import { describe, expect, it } from 'vitest'
import { hlsPlaylist } from '../../test/media-factories.ts'
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

  it('signs every segment of a 3-hour playlist for 5 minutes from now, the text around them kept', () => {
    const text = hlsPlaylist(3 * 60 * 60)
    const signed = signer.playlist(text, 42, 7).split('\n')
    const segments = signed.filter((line) => line !== '' && !line.startsWith('#'))
    expect(segments).toHaveLength(1800)
    for (const [i, line] of segments.entries()) {
      const url = new URL(line, 'http://local')
      const file = `seg_${String(i).padStart(4, '0')}.ts`
      expect(url.pathname).toBe(`${MEDIA_URL_PREFIX}42/${file}`)
      expect(url.searchParams.get('v')).toBe('7')
      expect(Number(url.searchParams.get('e'))).toBe(now + Media.signedUrlSeconds)
      const grant = { mediaId: 42, file, viewerId: 7, expires: now + Media.signedUrlSeconds }
      expect(signer.verify(grant, url.searchParams.get('s') ?? '')).toBe(true)
    }
    expect(signed.filter((line) => line.startsWith('#'))).toEqual(
      text.split('\n').filter((line) => line.startsWith('#')),
    )
  })
})
