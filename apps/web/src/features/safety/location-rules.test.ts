import { COUNTRY_CODES, US_STATES } from '@velvet/contract'
import { describe, expect, it } from 'vitest'
import { blockStatus, countryChoices, placeCovers, searchChoices, stateChoices } from './location-rules.ts'

describe('place pickers', () => {
  it('lists every country once, by name', () => {
    const choices = countryChoices()
    expect(choices).toHaveLength(COUNTRY_CODES.length)
    const names = choices.map((c) => c.name)
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')))
    expect(choices.find((c) => c.code === 'US')?.name).toBe('United States')
  })

  it('lists every US state by name', () => {
    const states = stateChoices()
    expect(states).toHaveLength(Object.keys(US_STATES).length)
    expect(states[0]).toEqual({ code: 'AL', name: 'Alabama' })
  })

  it('finds by name start first, then by a later word, and by exact code', () => {
    const found = searchChoices(countryChoices(), 'ger').map((c) => c.code)
    expect(found[0]).toBe('DE')
    expect(searchChoices(countryChoices(), 'kingdom').map((c) => c.code)).toContain('GB')
    expect(searchChoices(countryChoices(), 'us')[0]?.code).toBe('US')
    expect(searchChoices(stateChoices(), 'tex').map((c) => c.code)).toEqual(['TX'])
  })

  it('ignores accents and case', () => {
    const code = countryChoices().find((c) => /^C[ôo]te/.test(c.name))?.code
    expect(code).toBe('CI')
    expect(searchChoices(countryChoices(), 'COTE').map((c) => c.code)).toContain('CI')
  })

  it('gives everything for an empty search', () => {
    expect(searchChoices(stateChoices(), '  ')).toHaveLength(Object.keys(US_STATES).length)
  })
})

describe('blockStatus', () => {
  const blocked = [
    { country: 'DE', region: null },
    { country: 'US', region: 'TX' },
  ]

  it('spots a duplicate', () => {
    expect(blockStatus(blocked, { country: 'DE', region: null })).toBe('blocked')
    expect(blockStatus(blocked, { country: 'US', region: 'TX' })).toBe('blocked')
  })

  it('lets the whole country be added while one state is blocked', () => {
    expect(blockStatus(blocked, { country: 'US', region: null })).toBeNull()
    expect(blockStatus(blocked, { country: 'US', region: 'CA' })).toBeNull()
  })

  it('marks a state as covered when the whole United States is blocked', () => {
    expect(blockStatus([{ country: 'US', region: null }], { country: 'US', region: 'NY' })).toBe('covered')
  })
})

describe('placeCovers', () => {
  const texas = { country: 'US', region: 'TX' }

  it('covers the visitor for the same country or the same state', () => {
    expect(placeCovers({ country: 'US', region: null }, texas)).toBe(true)
    expect(placeCovers({ country: 'US', region: 'TX' }, texas)).toBe(true)
  })

  it('does not cover another state, another country or an unknown place', () => {
    expect(placeCovers({ country: 'US', region: 'CA' }, texas)).toBe(false)
    expect(placeCovers({ country: 'DE', region: null }, texas)).toBe(false)
    expect(placeCovers({ country: 'US', region: null }, null)).toBe(false)
  })
})
