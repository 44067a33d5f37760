import { type NotificationItem, NotifyType, Timing } from '@velvet/contract'
import { describe, expect, it } from 'vitest'
import {
  abbreviate,
  autoCloseMs,
  bannerLeaveMs,
  isLiveNotification,
  isSwipeUpDismiss,
  resolveLink,
  rightButtonLabel,
  showsBanner,
  summaryLines,
  tokenAmount,
} from './banner-rules.ts'

const item = (over: Partial<NotificationItem> = {}): NotificationItem => ({
  id: 'n1',
  notify_type: NotifyType.Message,
  is_show: 1,
  is_add: 1,
  show_seconds: null,
  link: '/message',
  left: { content: null, type: 1 },
  middle: { title: 'Mia', summary: 'Hi there' },
  right: null,
  meta: {},
  content: '',
  created_at: 0,
  ...over,
})

describe('notification banner rules (spec §2, §9)', () => {
  it('marks type 20 as live, nothing else', () => {
    expect(isLiveNotification(item({ notify_type: 20 }))).toBe(true)
    for (const type of [5, 8, 10, 26, 27]) expect(isLiveNotification(item({ notify_type: type }))).toBe(false)
  })

  it('clamps the summary to 2 lines for type 10 and 4 otherwise', () => {
    expect(summaryLines(item({ notify_type: 10 }))).toBe(2)
    expect(summaryLines(item({ notify_type: 5 }))).toBe(4)
    expect(summaryLines(item({ notify_type: 20 }))).toBe(4)
  })

  it('closes after show_seconds, 1 s by default', () => {
    expect(autoCloseMs(item({ show_seconds: null }))).toBe(Timing.notificationAutoCloseMs)
    expect(autoCloseMs(item({ show_seconds: 0 }))).toBe(1000)
    expect(autoCloseMs(item({ show_seconds: 6 }))).toBe(6000)
  })

  it('leaves in 200 + 50 ms', () => {
    expect(bannerLeaveMs).toBe(250)
  })

  it('shows the right button only for right.type 2 with a label', () => {
    expect(rightButtonLabel(item({ right: { type: 2, content: 'Reply' } }))).toBe('Reply')
    expect(rightButtonLabel(item({ right: { type: 1, content: 'Reply' } }))).toBeNull()
    expect(rightButtonLabel(item({ right: { type: 2, content: '  ' } }))).toBeNull()
    expect(rightButtonLabel(item({ right: null }))).toBeNull()
  })

  it('shows a token amount only when meta.tokens is there', () => {
    expect(tokenAmount(item({ meta: { tokens: 120 } }))).toBe(120)
    expect(tokenAmount(item({ meta: { tokens: 0 } }))).toBe(0)
    expect(tokenAmount(item({ meta: {} }))).toBeNull()
  })

  it('skips the banner when is_show is 0', () => {
    expect(showsBanner(item({ is_show: 0 }))).toBe(false)
    expect(showsBanner(item({ is_show: 1 }))).toBe(true)
  })

  it('clears on an upward swipe of more than 10 px only', () => {
    expect(isSwipeUpDismiss(100, 90)).toBe(false)
    expect(isSwipeUpDismiss(100, 89)).toBe(true)
    expect(isSwipeUpDismiss(100, 130)).toBe(false)
  })

  it('follows same-origin links in the app and refuses other schemes', () => {
    const origin = 'https://velvet.test'
    expect(resolveLink('/chatRoom?u1=1&u2=2', origin)).toEqual({ kind: 'route', to: '/chatRoom?u1=1&u2=2' })
    expect(resolveLink('https://velvet.test/live/9#x', origin)).toEqual({ kind: 'route', to: '/live/9#x' })
    expect(resolveLink('https://help.example/a', origin)).toEqual({
      kind: 'external',
      href: 'https://help.example/a',
    })
    expect(resolveLink('javascript:alert(1)', origin)).toBeNull()
    expect(resolveLink('', origin)).toBeNull()
    expect(resolveLink(null, origin)).toBeNull()
  })

  it('abbreviates numbers with K, M, B, T', () => {
    expect(abbreviate(999)).toBe('999')
    expect(abbreviate(1200)).toBe('1.2K')
    expect(abbreviate(45_000)).toBe('45K')
    expect(abbreviate(3_400_000)).toBe('3.4M')
    expect(abbreviate(2_000_000_000_000)).toBe('2T')
  })
})
