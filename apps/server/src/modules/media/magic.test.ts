import { describe, expect, it } from 'vitest'
import { sniffMediaType } from './magic.ts'

const bytes = (...parts: Array<string | number[]>) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))))
const ftyp = (major: string, ...compatible: string[]) => {
  const body = bytes('ftyp', major, [0, 0, 0, 0], ...compatible)
  const size = Buffer.alloc(4)
  size.writeUInt32BE(body.length + 4)
  return Buffer.concat([size, body, Buffer.alloc(16)])
}

describe('sniffMediaType', () => {
  it('knows the accepted photo formats by their first bytes', () => {
    expect(sniffMediaType(bytes([0xff, 0xd8, 0xff, 0xe1], 'Exif'))).toEqual({
      mime: 'image/jpeg',
      kind: 'image',
    })
    expect(sniffMediaType(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))?.mime).toBe('image/png')
    expect(sniffMediaType(bytes('GIF89a', [1, 0, 1, 0]))?.mime).toBe('image/gif')
    expect(sniffMediaType(bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 '))?.mime).toBe('image/webp')
    expect(sniffMediaType(ftyp('avif', 'mif1', 'miaf'))?.mime).toBe('image/avif')
    expect(sniffMediaType(ftyp('mif1', 'heic'))?.mime).toBe('image/heic')
  })

  it('knows the accepted video containers', () => {
    expect(sniffMediaType(ftyp('isom', 'iso2', 'avc1', 'mp41'))).toEqual({ mime: 'video/mp4', kind: 'video' })
    expect(sniffMediaType(ftyp('qt  ', 'qt  '))?.mime).toBe('video/quicktime')
    expect(sniffMediaType(bytes([0, 0, 0, 8], 'wide', [0, 0, 0, 0], 'mdat'))?.mime).toBe('video/quicktime')
    expect(sniffMediaType(bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x84], 'webm'))?.mime).toBe(
      'video/webm',
    )
    expect(sniffMediaType(bytes([0x1a, 0x45, 0xdf, 0xa3, 0xa3, 0x42, 0x82, 0x88], 'matroska'))?.mime).toBe(
      'video/x-matroska',
    )
  })

  it('refuses everything else, whatever it is called', () => {
    expect(sniffMediaType(Buffer.from('hello.png is really text'))).toBeNull()
    expect(sniffMediaType(Buffer.from('%PDF-1.7'))).toBeNull()
    expect(sniffMediaType(bytes('<svg xmlns="http://www.w3.org/2000/svg">'))).toBeNull()
    // An audio-only MP4 passes as a container; processing then fails it (no picture).
    expect(sniffMediaType(ftyp('M4A ', 'mp42'))?.mime).toBe('video/mp4')
    expect(sniffMediaType(ftyp('crx ', 'zzzz'))).toBeNull()
    expect(sniffMediaType(Buffer.alloc(0))).toBeNull()
  })
})
