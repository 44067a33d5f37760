import type { NotificationItem } from '@velvet/contract'
import { createStore, useStore } from '../../lib/store.ts'
import { autoCloseMs, bannerLeaveMs, showsBanner } from './banner-rules.ts'

export interface BannerEntry {
  key: number
  item: NotificationItem
  /** Playing the leave animation; removed 200 + 50 ms later. */
  leaving: boolean
}

/** At most this many banners stack at the top; older ones leave first. */
const MAX_BANNERS = 3

const banners = createStore<BannerEntry[]>([])
let nextKey = 1
const timers = new Map<number, ReturnType<typeof setTimeout>>()

function clearTimer(key: number): void {
  const timer = timers.get(key)
  if (timer !== undefined) clearTimeout(timer)
  timers.delete(key)
}

function remove(keys: ReadonlySet<number>): void {
  banners.update((entries) => entries.filter((entry) => !keys.has(entry.key)))
}

function leave(keys: ReadonlySet<number>): void {
  if (keys.size === 0) return
  for (const key of keys) clearTimer(key)
  banners.update((entries) =>
    entries.map((entry) => (keys.has(entry.key) ? { ...entry, leaving: true } : entry)),
  )
  setTimeout(() => remove(keys), bannerLeaveMs)
}

/** The realtime notification banners (spec §2): shown on realtime_notify, closed by time, tap or swipe. */
export const notificationBanners = {
  get: banners.get,
  subscribe: banners.subscribe,

  /** Shows a banner for `item` (unless is_show is 0) and closes it after show_seconds (default 1 s). */
  show(item: NotificationItem): number | null {
    if (!showsBanner(item)) return null
    const key = nextKey++
    const entries = banners.get()
    const active = entries.filter((entry) => !entry.leaving)
    const overflow = active.slice(0, Math.max(0, active.length - (MAX_BANNERS - 1)))
    banners.set([...entries, { key, item, leaving: false }])
    leave(new Set(overflow.map((entry) => entry.key)))
    timers.set(
      key,
      setTimeout(() => notificationBanners.dismiss(key), autoCloseMs(item)),
    )
    return key
  },

  /** Holds a banner open while the user touches it (the auto-close restarts on release). */
  hold(key: number): void {
    clearTimer(key)
  },

  release(key: number): void {
    const entry = banners.get().find((e) => e.key === key && !e.leaving)
    if (!entry) return
    clearTimer(key)
    timers.set(
      key,
      setTimeout(() => notificationBanners.dismiss(key), autoCloseMs(entry.item)),
    )
  },

  dismiss(key: number): void {
    if (banners.get().some((entry) => entry.key === key && !entry.leaving)) leave(new Set([key]))
  },

  /** Swipe up: every banner leaves. */
  clearAll(): void {
    leave(
      new Set(
        banners
          .get()
          .filter((entry) => !entry.leaving)
          .map((entry) => entry.key),
      ),
    )
  },

  /** Logout: gone at once, no animation. */
  reset(): void {
    for (const key of [...timers.keys()]) clearTimer(key)
    banners.set([])
  },
}

export function useNotificationBanners(): BannerEntry[] {
  return useStore(banners)
}
