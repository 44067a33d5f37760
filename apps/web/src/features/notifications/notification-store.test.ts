import type { NotificationItem } from '@velvet/contract'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { notificationBanners } from './notification-store.ts'

const item = (over: Partial<NotificationItem> = {}): NotificationItem => ({
  id: 'n',
  notify_type: 5,
  is_show: 1,
  is_add: 1,
  show_seconds: null,
  link: null,
  left: { content: null, type: 1 },
  middle: { title: 'T', summary: 'S' },
  right: null,
  meta: {},
  content: '',
  created_at: 0,
  ...over,
})

describe('notification banner store', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    notificationBanners.reset()
  })
  afterEach(() => vi.useRealTimers())

  it('auto-closes after 1 s by default: leave animation, then removed 250 ms later', () => {
    notificationBanners.show(item())
    expect(notificationBanners.get()).toHaveLength(1)
    vi.advanceTimersByTime(999)
    expect(notificationBanners.get()[0]?.leaving).toBe(false)
    vi.advanceTimersByTime(1)
    expect(notificationBanners.get()[0]?.leaving).toBe(true)
    vi.advanceTimersByTime(249)
    expect(notificationBanners.get()).toHaveLength(1)
    vi.advanceTimersByTime(1)
    expect(notificationBanners.get()).toHaveLength(0)
  })

  it('uses show_seconds and a hold pauses it', () => {
    const key = notificationBanners.show(item({ show_seconds: 3 }))
    expect(key).not.toBeNull()
    notificationBanners.hold(key ?? 0)
    vi.advanceTimersByTime(10_000)
    expect(notificationBanners.get()[0]?.leaving).toBe(false)
    notificationBanners.release(key ?? 0)
    vi.advanceTimersByTime(3000)
    expect(notificationBanners.get()[0]?.leaving).toBe(true)
  })

  it('does not show is_show 0, and clearAll removes every banner', () => {
    expect(notificationBanners.show(item({ is_show: 0 }))).toBeNull()
    notificationBanners.show(item({ show_seconds: 30 }))
    notificationBanners.show(item({ show_seconds: 30 }))
    notificationBanners.clearAll()
    expect(notificationBanners.get().every((entry) => entry.leaving)).toBe(true)
    vi.advanceTimersByTime(250)
    expect(notificationBanners.get()).toHaveLength(0)
  })

  it('keeps at most three banners', () => {
    for (let i = 0; i < 5; i++) notificationBanners.show(item({ show_seconds: 30, id: String(i) }))
    expect(
      notificationBanners
        .get()
        .filter((entry) => !entry.leaving)
        .map((e) => e.item.id),
    ).toEqual(['2', '3', '4'])
  })
})
