import { describe, expect, it } from 'vitest'
import { applicationServerKey } from '../push/index.ts'
import { installMethod, isIosSafari, openSourceOf, shouldOfferInstall } from './install-rules.ts'

const iphoneSafari =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1'
const iphoneChrome =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0 Mobile/15E148 Safari/604.1'
const ipadDesktop =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15'
const androidChrome =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36'

describe('install rules', () => {
  it('maps display mode to open_source 1 (standalone) or 2 (browser)', () => {
    expect(openSourceOf(true)).toBe(1)
    expect(openSourceOf(false)).toBe(2)
  })

  it('detects Safari on iPhone and iPad only', () => {
    expect(isIosSafari(iphoneSafari, 5)).toBe(true)
    expect(isIosSafari(ipadDesktop, 5)).toBe(true)
    expect(isIosSafari(ipadDesktop, 0)).toBe(false)
    expect(isIosSafari(iphoneChrome, 5)).toBe(false)
    expect(isIosSafari(androidChrome, 5)).toBe(false)
  })

  it('offers install to signed-up accounts, not on /login, when the server asks', () => {
    const base = {
      signedUp: true,
      pathname: '/home',
      isPromptInstall: true,
      standalone: false,
      dismissed: false,
    }
    expect(shouldOfferInstall(base)).toBe(true)
    expect(shouldOfferInstall({ ...base, signedUp: false })).toBe(false)
    expect(shouldOfferInstall({ ...base, pathname: '/login' })).toBe(false)
    expect(shouldOfferInstall({ ...base, pathname: '/login/oauth' })).toBe(false)
    // Nor over a focused flow's main button.
    for (const pathname of [
      '/creator_audit',
      '/publish',
      '/publish/drafts',
      '/user/edit_profile',
      '/pay/wallet',
    ]) {
      expect(shouldOfferInstall({ ...base, pathname })).toBe(false)
    }
    expect(shouldOfferInstall({ ...base, pathname: '/publisher' })).toBe(true)
    expect(shouldOfferInstall({ ...base, isPromptInstall: false })).toBe(false)
    expect(shouldOfferInstall({ ...base, isPromptInstall: null })).toBe(false)
    expect(shouldOfferInstall({ ...base, standalone: true })).toBe(false)
    expect(shouldOfferInstall({ ...base, dismissed: true })).toBe(false)
  })

  it('installs natively when the browser offered, else shows a guide', () => {
    expect(installMethod(true, true)).toBe('native')
    expect(installMethod(false, true)).toBe('ios-guide')
    expect(installMethod(false, false)).toBe('browser-guide')
  })

  it('decodes a base64url VAPID key', () => {
    expect([...applicationServerKey('AQID_-8')]).toEqual([1, 2, 3, 255, 239])
  })
})
