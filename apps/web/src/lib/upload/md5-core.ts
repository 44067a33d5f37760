import { createMD5 } from 'hash-wasm'

/** A half-open byte range [start, end), as the contract's md5Plan names them. */
export type Range = readonly [start: number, end: number]

/** What the hashing reads: a Blob or File, or anything that slices like one (tests use a sparse stand-in). */
export interface ByteSource {
  readonly size: number
  slice(start: number, end: number): { arrayBuffer(): Promise<ArrayBuffer> }
}

/** Hashed bytes so far and the total the plan names. */
export type Md5Progress = (hashed: number, total: number) => void

/**
 * The md5 (hex) of `ranges` of `source` hashed in order as one stream: the spec §5 fingerprint when the
 * ranges come from md5Plan(size). Reads one range at a time, so memory stays at one 2 MB chunk.
 */
export async function md5OfRanges(
  source: ByteSource,
  ranges: readonly Range[],
  onProgress?: Md5Progress,
  signal?: AbortSignal,
): Promise<string> {
  const hasher = await createMD5()
  hasher.init()
  const total = ranges.reduce((sum, [start, end]) => sum + (end - start), 0)
  let hashed = 0
  for (const [start, end] of ranges) {
    signal?.throwIfAborted()
    hasher.update(new Uint8Array(await source.slice(start, end).arrayBuffer()))
    hashed += end - start
    onProgress?.(hashed, total)
  }
  return hasher.digest('hex')
}
