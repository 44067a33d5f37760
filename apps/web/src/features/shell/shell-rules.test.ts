import { Layout, UserRole } from '@velvet/contract'
import { describe, expect, it } from 'vitest'
import { shouldShowAgeGate } from './age-gate.ts'
import { becomeHostText, shouldShowBecomeHost } from './become-host.ts'
import { liveOffered } from './CreatePostMenu.tsx'
import { chatRoomRedirect, isFullWidth, isTabScreen, postViewTarget, publishAction } from './guards.ts'
import { feedWidthPx, layoutFlags, rootFontSizePx } from './layout-metrics.ts'
import { shouldShowNewFeature } from './new-feature.ts'
import { externalRedirects, socialLinks } from './site-links.ts'

const browser = 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/126 Mobile Safari/537.36'

describe('age gate', () => {
  it('shows for a browser on a normal page without the flag', () => {
    expect(shouldShowAgeGate({ flag: null, userAgent: browser, pathname: '/home' })).toBe(true)
    expect(shouldShowAgeGate({ flag: '0', userAgent: browser, pathname: '/' })).toBe(true)
  })
  it("is skipped once the flag is '1'", () => {
    expect(shouldShowAgeGate({ flag: '1', userAgent: browser, pathname: '/home' })).toBe(false)
  })
  it('is skipped for crawlers', () => {
    const bot = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'
    expect(shouldShowAgeGate({ flag: null, userAgent: bot, pathname: '/home' })).toBe(false)
    expect(shouldShowAgeGate({ flag: null, userAgent: 'facebookexternalhit/1.1', pathname: '/' })).toBe(false)
  })
  it('is skipped on the exempt pages, with or without a trailing slash', () => {
    for (const path of ['/terms', '/privacy/', '/ref/about_referral', '/terms-of-service']) {
      expect(shouldShowAgeGate({ flag: null, userAgent: browser, pathname: path })).toBe(false)
    }
    expect(shouldShowAgeGate({ flag: null, userAgent: browser, pathname: '/privacy/safety' })).toBe(true)
  })
})

describe('guards', () => {
  it('/post/post_view keeps the query', () => {
    expect(postViewTarget('?id=12&redirect=%2Fhome')).toBe('/post?id=12&redirect=%2Fhome')
    expect(postViewTarget('')).toBe('/post')
  })
  it('/chatRoom needs an active contact or both u1 and u2', () => {
    expect(chatRoomRedirect('', false)).toBe('/home')
    expect(chatRoomRedirect('?u1=1', false)).toBe('/home')
    expect(chatRoomRedirect('?u2=2', false)).toBe('/home')
    expect(chatRoomRedirect('?u1=1&u2=2', false)).toBeNull()
    expect(chatRoomRedirect('', true)).toBeNull()
  })
  it('tab screens are the three tabs and the own profile', () => {
    expect(isTabScreen('/home', null)).toBe(true)
    expect(isTabScreen('/message', null)).toBe(true)
    expect(isTabScreen('/chatRoom', null)).toBe(false)
    expect(isTabScreen('/@ava_rose', 'ava_rose')).toBe(true)
    expect(isTabScreen('/@someone', 'ava_rose')).toBe(false)
    expect(isTabScreen('/@', null)).toBe(false)
  })
  it('full width only on the listed pages', () => {
    expect(isFullWidth('/terms')).toBe(true)
    expect(isFullWidth('/ref/about_referral')).toBe(true)
    expect(isFullWidth('/home')).toBe(false)
    expect(isFullWidth('/contact-us')).toBe(false)
  })
  it('publish: creators get the popup, viewers host verification, guests sign in first', () => {
    expect(publishAction(UserRole.Creator, '/home')).toEqual({ kind: 'popup' })
    expect(publishAction(UserRole.Viewer, '/message?x=1')).toEqual({
      kind: 'go',
      to: '/creator_audit?redirect=%2Fmessage%3Fx%3D1',
    })
    const guest = publishAction(UserRole.None, '/home')
    expect(guest).toEqual({
      kind: 'go',
      to: `/login?redirect=${encodeURIComponent('/creator_audit?redirect=%2Fhome')}`,
    })
  })
  it('Live is offered only when enabled and never on the chatter platform', () => {
    expect(liveOffered(true, 'rm11')).toBe(true)
    expect(liveOffered(true, 'chatter')).toBe(false)
    expect(liveOffered(false, 'rm11')).toBe(false)
    expect(liveOffered(undefined, 'rm11')).toBe(false)
  })
})

describe('layout maths (spec §9)', () => {
  it('16 px at the 414 px reference, scaled below 500 px, never more than 2x', () => {
    expect(rootFontSizePx(414)).toBe(16)
    expect(rootFontSizePx(375)).toBeCloseTo((375 / 414) * 16)
    expect(rootFontSizePx(499)).toBeCloseTo((499 / 414) * 16)
    expect(rootFontSizePx(500)).toBe(16)
    expect(rootFontSizePx(1440)).toBe(16)
    for (let width = 1; width < Layout.scaleBelowPx; width += 37) {
      expect(rootFontSizePx(width)).toBeLessThanOrEqual(Layout.baseFontPx * Layout.maxScale)
    }
  })
  it('the feed is the full width up to 430 px, then the height / 1.9', () => {
    expect(feedWidthPx(414, 896)).toBe(414)
    expect(feedWidthPx(430, 896)).toBe(430)
    expect(feedWidthPx(1440, 900)).toBeCloseTo(900 / 1.9)
    expect(feedWidthPx(500, 2000)).toBe(500)
    expect(feedWidthPx(1440, 0)).toBe(30.125 * 16)
  })
  it('shadow from 420 px, desktop info from 768 px with hover', () => {
    expect(layoutFlags(419, true)).toEqual({ shadow: false, desktop: false })
    expect(layoutFlags(420, false)).toEqual({ shadow: true, desktop: false })
    expect(layoutFlags(768, false)).toEqual({ shadow: true, desktop: false })
    expect(layoutFlags(768, true)).toEqual({ shadow: true, desktop: true })
  })
})

describe('become-host bubble', () => {
  it('tab screens, non-creators, once per session', () => {
    expect(shouldShowBecomeHost({ onTabScreen: true, role: UserRole.Viewer, shownThisSession: false })).toBe(
      true,
    )
    expect(shouldShowBecomeHost({ onTabScreen: true, role: UserRole.None, shownThisSession: false })).toBe(
      true,
    )
    expect(shouldShowBecomeHost({ onTabScreen: true, role: UserRole.Creator, shownThisSession: false })).toBe(
      false,
    )
    expect(shouldShowBecomeHost({ onTabScreen: false, role: UserRole.Viewer, shownThisSession: false })).toBe(
      false,
    )
    expect(shouldShowBecomeHost({ onTabScreen: true, role: UserRole.Viewer, shownThisSession: true })).toBe(
      false,
    )
  })
  it('CT 2 is the referral tip, otherwise the normal one', () => {
    expect(becomeHostText(2)).toMatch(/Invite creators/)
    expect(becomeHostText(1)).toBe('Become a creator and start earning from your content')
    expect(becomeHostText(undefined)).toMatch(/^Become a creator/)
  })
})

describe('new-feature dialog', () => {
  const until = '2025-11-15T10:00:00Z'
  it('shows once, before the cut-off only', () => {
    expect(shouldShowNewFeature({ now: Date.parse('2025-11-01T00:00:00Z'), until, seen: false })).toBe(true)
    expect(shouldShowNewFeature({ now: Date.parse('2025-11-01T00:00:00Z'), until, seen: true })).toBe(false)
    expect(shouldShowNewFeature({ now: Date.parse(until), until, seen: false })).toBe(false)
    expect(shouldShowNewFeature({ now: 0, until: undefined, seen: false })).toBe(false)
    expect(shouldShowNewFeature({ now: 0, until: 'not a date', seen: false })).toBe(false)
  })
})

describe('site links', () => {
  it('external redirects are off unless configured with an http(s) URL', () => {
    expect(externalRedirects({}).size).toBe(0)
    const map = externalRedirects({
      VITE_BLOG_URL: 'https://blog.example.com',
      VITE_PRESS_URL: 'javascript:x',
    })
    expect([...map]).toEqual([['/blog', 'https://blog.example.com/']])
  })
  it('social icons open our own pages by default', () => {
    expect(socialLinks({}).map((link) => [link.href, link.external])).toEqual([
      ['/blog', false],
      ['/podcast', false],
      ['/press', false],
    ])
    expect(socialLinks({ VITE_SOCIAL_PRESS_URL: 'https://press.example.com' })[2]?.external).toBe(true)
  })
})
