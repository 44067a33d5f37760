import { createHash } from 'node:crypto'
import { Media, md5Plan } from '@velvet/contract'
import { describe, expect, it } from 'vitest'
import { md5OfFile, md5OfSource } from './md5.ts'
import type { ByteSource } from './md5-core.ts'

const MiB = 1024 * 1024

/** Deterministic bytes: byte i of a file is a function of i (and a seed), so any range can be made alone. */
function bytesAt(start: number, end: number, seed = 7): Uint8Array {
  const out = new Uint8Array(end - start)
  for (let i = 0; i < out.length; i++) {
    const at = start + i
    out[i] = (Math.imul(at ^ seed, 2654435761) >>> 24) ^ (at & 0xff)
  }
  return out
}

/** A file of `size` bytes that exists only where it is read (no 200 MB allocation). */
function sparseFile(size: number, overrides: ReadonlyMap<number, number> = new Map()): ByteSource {
  return {
    size,
    slice(start, end) {
      return {
        arrayBuffer: async () => {
          const bytes = bytesAt(start, Math.min(end, size))
          for (const [at, value] of overrides) if (at >= start && at < end) bytes[at - start] = value
          return bytes.buffer as ArrayBuffer
        },
      }
    },
  }
}

/** What node:crypto says the md5 of the planned ranges is. */
function expectedMd5(size: number): string {
  const hash = createHash('md5')
  for (const [start, end] of md5Plan(size).ranges) hash.update(bytesAt(start, end))
  return hash.digest('hex')
}

describe('md5OfFile (spec §5)', () => {
  it.each([0, 1, 1000, Media.md5ChunkBytes - 1, Media.md5ChunkBytes, Media.md5ChunkBytes + 1, 5 * MiB + 3])(
    'hashes a whole %i-byte file exactly like node:crypto',
    async (size) => {
      const data = bytesAt(0, size)
      const file = new Blob([data as Uint8Array<ArrayBuffer>])
      const whole = createHash('md5').update(data).digest('hex')
      expect(await md5OfFile(file)).toBe(whole)
    },
  )

  it('reports progress up to the whole file', async () => {
    const seen: number[] = []
    await md5OfFile(new Blob([bytesAt(0, 5 * MiB) as Uint8Array<ArrayBuffer>]), (fraction) =>
      seen.push(fraction),
    )
    expect(seen).toEqual([0.4, 0.8, 1])
  })

  it('hashes the largest unsampled file whole', async () => {
    const size = Media.md5SampleAboveBytes
    const md5 = await md5OfSource(sparseFile(size))
    expect(md5).toBe(expectedMd5(size))
    const whole = createHash('md5')
    for (let start = 0; start < size; start += 16 * MiB)
      whole.update(bytesAt(start, Math.min(size, start + 16 * MiB)))
    expect(md5).toBe(whole.digest('hex'))
    // Hashing the file twice takes ~2 s alone and past 9 s on a busy 2-core machine.
  }, 30_000)

  it.each([Media.md5SampleAboveBytes + 1, 1024 * MiB + 12_345, 4096 * MiB])(
    'samples a %i-byte file: first and last 2 MB plus 8 slices',
    async (size) => {
      expect(await md5OfSource(sparseFile(size))).toBe(expectedMd5(size))
    },
  )

  it('changes with a byte inside a sampled range, not with one between the samples', async () => {
    const size = 1024 * MiB
    const plain = await md5OfSource(sparseFile(size))
    const [, firstSlice] = md5Plan(size).ranges
    if (!firstSlice) throw new Error('a sampled plan has slices')
    const inside = firstSlice[0] + 10
    const between = firstSlice[0] - 10
    const flip = (at: number) => new Map([[at, (bytesAt(at, at + 1)[0] ?? 0) ^ 0xff]])
    expect(await md5OfSource(sparseFile(size, flip(inside)))).not.toBe(plain)
    expect(await md5OfSource(sparseFile(size, flip(between)))).toBe(plain)
    expect(await md5OfSource(sparseFile(size, flip(size - 1)))).not.toBe(plain)
  })

  it('stops when aborted', async () => {
    const controller = new AbortController()
    controller.abort(new Error('cancelled'))
    await expect(md5OfFile(new Blob(['x']), undefined, controller.signal)).rejects.toThrow('cancelled')
  })
})
