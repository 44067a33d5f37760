import { describe, expect, it } from 'vitest'
import { Pull, pullDistance, shouldRefresh } from './pull-rules.ts'

describe('pull to refresh', () => {
  it('follows the finger at half speed, never up and never beyond the maximum', () => {
    expect(pullDistance(-40)).toBe(0)
    expect(pullDistance(0)).toBe(0)
    expect(pullDistance(60)).toBe(30)
    expect(pullDistance(1000)).toBe(Pull.maxPx)
  })

  it('refreshes only when let go far enough', () => {
    expect(shouldRefresh(pullDistance(127))).toBe(false)
    expect(shouldRefresh(pullDistance(128))).toBe(true)
  })
})
