import { REFERRER_STORAGE_KEY } from '@velvet/contract'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { forgetReferrer, storedReferrer, storeReferrer } from './referral-storage.ts'

describe('stored referrer (spec §3 "referrer id")', () => {
  // The web tests run in Node: a small in-memory localStorage stands in for the browser's.
  beforeEach(() => {
    const items = new Map<string, string>()
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
      removeItem: (key: string) => void items.delete(key),
    })
  })
  afterEach(() => vi.unstubAllGlobals())

  it('keeps the code of the last /ref link and forgets it', () => {
    storeReferrer('anna_creates')
    storeReferrer('bea.makes')
    expect(storedReferrer()).toBe('bea.makes')
    forgetReferrer()
    expect(storedReferrer()).toBeNull()
  })

  it('ignores a code that cannot be a username and a hand-edited value', () => {
    storeReferrer('<script>')
    expect(storedReferrer()).toBeNull()
    localStorage.setItem(REFERRER_STORAGE_KEY, '{"code":42}')
    expect(storedReferrer()).toBeNull()
  })
})
