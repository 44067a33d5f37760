import { Media } from '../constants.ts'

/** A half-open byte range [start, end) of a file. */
export type ByteRange = readonly [start: number, end: number]

/**
 * The byte ranges whose md5 identifies an upload (spec §5), hashed in order as one stream. A file up to
 * 200 MB (209715200 bytes) is hashed whole, read in 2 MB chunks; a larger file is sampled: its first and
 * last 2 MB, plus 8 slices of 2 MB spread evenly between them (the slices only when the file exceeds 4 MB,
 * which a sampled file always does). The browser computes it before uploading and the server again on the
 * bytes it received, so both sides name a file the same way.
 */
export function md5Plan(size: number): { sampled: boolean; ranges: ByteRange[] } {
  if (!Number.isSafeInteger(size) || size < 0) throw new RangeError(`not a file size: ${size}`)
  const chunk = Media.md5ChunkBytes
  if (size <= Media.md5SampleAboveBytes) {
    const ranges: ByteRange[] = []
    for (let start = 0; start < size; start += chunk) ranges.push([start, Math.min(size, start + chunk)])
    return { sampled: false, ranges }
  }
  const ranges: ByteRange[] = [[0, chunk]]
  if (size > Media.md5SampleSlicesAboveBytes) {
    const slices = Media.md5SampleSlices
    for (let i = 1; i <= slices; i++) {
      const start = Math.floor((size * i) / (slices + 1))
      ranges.push([start, start + chunk])
    }
  }
  ranges.push([size - chunk, size])
  return { sampled: true, ranges }
}
