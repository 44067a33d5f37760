import { type NotificationItem, NotifyType, Timing } from '@velvet/contract'

/** Banner rules of spec §2 (Main layout) and §9, kept pure so they are unit tested. */
export const Banner = {
  /** Swiping up further than this clears every banner (spec §9). */
  swipeDismissPx: 10,
  /** Leave animation, then the banner is removed (spec §9: 200 ms plus 50 ms). */
  leaveAnimationMs: 200,
  leaveSettleMs: 50,
  /** A right.type of 2 renders the right-hand button. */
  rightButtonType: 2,
} as const

export const bannerLeaveMs = Banner.leaveAnimationMs + Banner.leaveSettleMs

/** A live notification (type 20) gets the live ring and the LIVE badge. */
export function isLiveNotification(item: Pick<NotificationItem, 'notify_type'>): boolean {
  return item.notify_type === NotifyType.Live
}

/** The summary is clamped to 2 lines for chat messages (type 10) and 4 lines otherwise. */
export function summaryLines(item: Pick<NotificationItem, 'notify_type'>): 2 | 4 {
  return item.notify_type === NotifyType.ChatMessage ? 2 : 4
}

/** How long a banner stays: show_seconds when given and positive, else the 1 s default. */
export function autoCloseMs(item: Pick<NotificationItem, 'show_seconds'>): number {
  const seconds = item.show_seconds
  return seconds != null && seconds > 0 ? seconds * 1000 : Timing.notificationAutoCloseMs
}

/** The right-hand button, when right.type is 2 and it has a label. */
export function rightButtonLabel(item: Pick<NotificationItem, 'right'>): string | null {
  const right = item.right
  if (!right || right.type !== Banner.rightButtonType) return null
  const label = right.content.trim()
  return label === '' ? null : label
}

/** The token amount (meta.tokens), when the notification carries one. */
export function tokenAmount(item: Pick<NotificationItem, 'meta'>): number | null {
  const tokens = item.meta.tokens
  return typeof tokens === 'number' && Number.isFinite(tokens) ? tokens : null
}

/** Whether a realtime notification is shown as a banner at all (is_show 0 only updates counters). */
export function showsBanner(item: Pick<NotificationItem, 'is_show'>): boolean {
  return item.is_show === 1
}

/** An upward swipe from `startY` to `currentY` of more than 10 px clears all banners. */
export function isSwipeUpDismiss(startY: number, currentY: number): boolean {
  return startY - currentY > Banner.swipeDismissPx
}

/**
 * Where tapping the banner goes: a same-origin path stays in the app (router), an absolute http(s) URL
 * on another origin opens as a page load, anything else (javascript:, empty) is ignored.
 */
export function resolveLink(
  link: string | null,
  origin: string,
): { kind: 'route'; to: string } | { kind: 'external'; href: string } | null {
  if (!link) return null
  const trimmed = link.trim()
  if (trimmed === '') return null
  let url: URL
  try {
    url = new URL(trimmed, origin)
  } catch {
    return null
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
  if (url.origin === origin) return { kind: 'route', to: `${url.pathname}${url.search}${url.hash}` }
  return { kind: 'external', href: url.href }
}

/** Numbers abbreviated K, M, B, T (DESIGN §8). */
export function abbreviate(value: number): string {
  const units = ['', 'K', 'M', 'B', 'T'] as const
  let n = Math.abs(value)
  let unit = 0
  while (n >= 1000 && unit < units.length - 1) {
    n /= 1000
    unit++
  }
  const text = unit === 0 ? String(Math.round(n)) : `${Number(n.toFixed(n < 10 ? 1 : 0))}${units[unit]}`
  return value < 0 ? `-${text}` : text
}
