import { describe, expect, it } from 'vitest'
import { belowTopBars } from './toast-placement.ts'

describe('toast placement', () => {
  it('starts under the lowest bar pinned at the top of the screen', () => {
    expect(belowTopBars([{ top: 0, bottom: 56 }], 896)).toBe(56)
    // A chat header under the test-mode strip, and one half scrolled away.
    expect(belowTopBars([{ top: 24, bottom: 80 }], 896)).toBe(80)
    expect(belowTopBars([{ top: -30, bottom: 26 }], 896)).toBe(26)
    expect(
      belowTopBars(
        [
          { top: 0, bottom: 40 },
          { top: 40, bottom: 96 },
        ],
        896,
      ),
    ).toBe(96)
  })

  it('ignores bars scrolled away, bars lower on the screen and tall blocks of content', () => {
    expect(belowTopBars([{ top: -60, bottom: -4 }], 896)).toBeNull()
    expect(belowTopBars([{ top: 400, bottom: 456 }], 896)).toBeNull()
    expect(belowTopBars([{ top: 0, bottom: 420 }], 896)).toBeNull()
    expect(belowTopBars([], 896)).toBeNull()
  })
})
