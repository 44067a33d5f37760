import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { Media } from '../constants.ts'
import { md5Plan } from './md5-plan.ts'

const MiB = 1024 * 1024

describe('md5Plan', () => {
  it('reads a file up to 200 MB whole, in 2 MB chunks', () => {
    expect(md5Plan(0)).toEqual({ sampled: false, ranges: [] })
    expect(md5Plan(5 * MiB + 3).ranges).toEqual([
      [0, 2 * MiB],
      [2 * MiB, 4 * MiB],
      [4 * MiB, 5 * MiB + 3],
    ])
    expect(md5Plan(209_715_200).sampled).toBe(false)
  })

  it('samples a file over 200 MB: first and last 2 MB plus 8 slices between them', () => {
    const size = 209_715_201
    const { sampled, ranges } = md5Plan(size)
    expect(sampled).toBe(true)
    expect(ranges).toHaveLength(10)
    expect(ranges[0]).toEqual([0, 2 * MiB])
    expect(ranges.at(-1)).toEqual([size - 2 * MiB, size])
  })

  it('covers whole files exactly and keeps sampled ranges ordered, inside the file and apart', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 8 * 1024 * MiB }), (size) => {
        const { sampled, ranges } = md5Plan(size)
        expect(sampled).toBe(size > Media.md5SampleAboveBytes)
        for (const [start, end] of ranges) {
          expect(start).toBeGreaterThanOrEqual(0)
          expect(end).toBeLessThanOrEqual(size)
          expect(end - start).toBeLessThanOrEqual(Media.md5ChunkBytes)
        }
        for (let i = 1; i < ranges.length; i++) {
          expect(ranges[i]?.[0]).toBeGreaterThanOrEqual(ranges[i - 1]?.[1] ?? 0)
        }
        if (!sampled) expect(ranges.reduce((sum, [s, e]) => sum + e - s, 0)).toBe(size)
      }),
    )
  })
})
