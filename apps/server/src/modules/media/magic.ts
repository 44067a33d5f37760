import type { MediaKind } from '@velvet/contract'

/** What a file really is, from its first bytes (never from its name or declared type). */
export interface SniffedType {
  mime: string
  kind: MediaKind
}

/** Bytes of a file's start that sniffMediaType needs at most. */
export const SNIFF_BYTES = 4096

const ascii = (bytes: Buffer, start: number, end: number) => bytes.subarray(start, end).toString('latin1')
const startsWith = (bytes: Buffer, signature: readonly number[]) =>
  bytes.length >= signature.length && signature.every((byte, i) => bytes[i] === byte)

const avifBrands = new Set(['avif', 'avis'])
const heicBrands = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1'])
const mp4Brands = new Set([
  'isom',
  'iso2',
  'iso3',
  'iso4',
  'iso5',
  'iso6',
  'mp41',
  'mp42',
  'avc1',
  'M4V ',
  'M4VH',
  'M4VP',
  'dash',
  'mmp4',
  '3gp4',
  '3gp5',
  '3gp6',
  '3g2a',
  'f4v ',
  'MSNV',
  'NDAS',
])
/** QuickTime files may open with an atom other than ftyp. */
const quickTimeAtoms = new Set(['moov', 'mdat', 'wide', 'free', 'skip', 'pnot'])

/** The brands of an ISO base media `ftyp` box: major first, then the compatible ones. */
function ftypBrands(bytes: Buffer): string[] | null {
  if (bytes.length < 16 || ascii(bytes, 4, 8) !== 'ftyp') return null
  const boxSize = Math.min(bytes.readUInt32BE(0), bytes.length)
  const brands = [ascii(bytes, 8, 12)]
  for (let offset = 16; offset + 4 <= boxSize; offset += 4) brands.push(ascii(bytes, offset, offset + 4))
  return brands
}

function fromBrands(brands: string[]): SniffedType | null {
  // The major brand decides; a compatible brand only when the major one is unknown.
  for (const brand of brands) {
    if (avifBrands.has(brand)) return { mime: 'image/avif', kind: 'image' }
    if (heicBrands.has(brand)) return { mime: 'image/heic', kind: 'image' }
    if (brand === 'qt  ') return { mime: 'video/quicktime', kind: 'video' }
    if (mp4Brands.has(brand)) return { mime: 'video/mp4', kind: 'video' }
  }
  return null
}

/** The accepted image or video type these first bytes belong to, or null for anything else. */
export function sniffMediaType(bytes: Buffer): SniffedType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { mime: 'image/jpeg', kind: 'image' }
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { mime: 'image/png', kind: 'image' }
  const head6 = ascii(bytes, 0, 6)
  if (head6 === 'GIF87a' || head6 === 'GIF89a') return { mime: 'image/gif', kind: 'image' }
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') {
    return { mime: 'image/webp', kind: 'image' }
  }
  const brands = ftypBrands(bytes)
  if (brands) return fromBrands(brands)
  if (bytes.length >= 8 && quickTimeAtoms.has(ascii(bytes, 4, 8)))
    return { mime: 'video/quicktime', kind: 'video' }
  if (startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3])) {
    // EBML: the DocType element says webm or matroska.
    const header = ascii(bytes, 0, Math.min(bytes.length, 64))
    return header.includes('webm')
      ? { mime: 'video/webm', kind: 'video' }
      : { mime: 'video/x-matroska', kind: 'video' }
  }
  return null
}
