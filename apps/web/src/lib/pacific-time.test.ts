import { describe, expect, it } from 'vitest'
import { formatPacific, formatPacificDate, isoOf } from './pacific-time.ts'

describe('Pacific time formatting', () => {
  it('shows winter times in PST (UTC-8) and names the zone', () => {
    // 2023-11-14T22:13:20Z
    expect(formatPacific(1_700_000_000)).toBe('Nov 14, 2023, 2:13 PM PT')
  })

  it('shows summer times in PDT (UTC-7)', () => {
    // 2024-07-04T19:00:00Z = 12:00 PM PDT
    expect(formatPacific(1_720_119_600)).toBe('Jul 4, 2024, 12:00 PM PT')
  })

  it('uses the Pacific calendar day, not UTC', () => {
    // 2024-01-01T05:00:00Z is still Dec 31 in Los Angeles.
    expect(formatPacificDate(1_704_085_200)).toBe('Dec 31, 2023')
  })

  it('gives an ISO string for machine-readable times', () => {
    expect(isoOf(0)).toBe('1970-01-01T00:00:00.000Z')
  })
})
