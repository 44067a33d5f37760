import { describe, expect, it } from 'vitest'
import { CREATOR_TOOLS } from './CreatorToolsScreen.tsx'

describe('creator tools', () => {
  it('opens every tool that is built; only live and the personal agent say "Not available yet"', () => {
    const unavailable = CREATOR_TOOLS.filter((tool) => !tool.to).map((tool) => tool.title)
    expect(unavailable).toEqual(['Live', 'Personal agent'])
    expect(CREATOR_TOOLS.find((tool) => tool.title === 'Paid messages')?.to).toBe('/setting/paid_message')
  })
})
