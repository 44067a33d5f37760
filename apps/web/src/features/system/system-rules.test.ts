import { describe, expect, it } from 'vitest'
import { adultPopupDue } from './adult-popup.ts'
import { openMode } from './open-mode.ts'
import { isNewVersion } from './version.ts'

describe('version check', () => {
  it('flags only a known, different version', () => {
    expect(isNewVersion('1.0.0', '1.0.1')).toBe(true)
    expect(isNewVersion('1.0.0', '1.0.0')).toBe(false)
    expect(isNewVersion('1.0.0', null)).toBe(false)
    expect(isNewVersion('1.0.0', '')).toBe(false)
  })
})

describe('open mode', () => {
  it('standalone is 1, a browser tab 2', () => {
    expect(openMode(() => ({ matches: true }))).toBe(1)
    expect(openMode(() => ({ matches: false }))).toBe(2)
  })
})

describe('adult popup', () => {
  it('shows when the server says is_pop, unless the system setting AP skips it', () => {
    expect(adultPopupDue(0, true)).toBe(true)
    expect(adultPopupDue(undefined, true)).toBe(true)
    expect(adultPopupDue(1, true)).toBe(false)
    expect(adultPopupDue(0, false)).toBe(false)
    expect(adultPopupDue(0, undefined)).toBe(false)
  })
})
