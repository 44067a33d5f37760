import type { NotificationItem } from '@velvet/contract'
import { Coins, X } from 'lucide-react'
import { type PointerEvent, useRef } from 'react'
import { navigateTo } from '../../lib/navigation.ts'
import { Avatar } from '../../ui/Avatar.tsx'
import {
  abbreviate,
  isLiveNotification,
  isSwipeUpDismiss,
  resolveLink,
  rightButtonLabel,
  summaryLines,
  tokenAmount,
} from './banner-rules.ts'
import { type BannerEntry, notificationBanners, useNotificationBanners } from './notification-store.ts'
import './notifications.css'

function follow(item: NotificationItem, key: number): void {
  const target = resolveLink(item.link, location.origin)
  notificationBanners.dismiss(key)
  if (!target) return
  if (target.kind === 'route') navigateTo(target.to)
  else location.assign(target.href)
}

function Banner({ entry, suppressClick }: { entry: BannerEntry; suppressClick: () => boolean }) {
  const { item, key, leaving } = entry
  const live = isLiveNotification(item)
  const tokens = tokenAmount(item)
  const right = rightButtonLabel(item)
  const lines = summaryLines(item)
  const onFollow = () => {
    if (!suppressClick()) follow(item, key)
  }
  return (
    <article
      aria-label={item.middle.title}
      className={`v-nbanner${leaving ? ' v-nbanner--leaving' : ''}`}
      data-testid="notification-banner"
      data-notify-type={item.notify_type}
      onPointerEnter={() => notificationBanners.hold(key)}
      onPointerLeave={() => notificationBanners.release(key)}
      onFocus={() => notificationBanners.hold(key)}
      onBlur={() => notificationBanners.release(key)}
    >
      <button type="button" className="v-nbanner__main" onClick={onFollow}>
        <span className={`v-nbanner__avatar${live ? ' v-nbanner__avatar--live' : ''}`}>
          <Avatar src={item.left.content} name={item.middle.title} size="md" decorative />
          {live ? <span className="v-nbanner__live">LIVE</span> : null}
        </span>
        <span className="v-nbanner__text">
          <span className="v-nbanner__title">{item.middle.title}</span>
          {item.middle.summary ? (
            <span className={`v-nbanner__summary v-nbanner__summary--${lines}`} data-lines={lines}>
              {item.middle.summary}
            </span>
          ) : null}
          {tokens !== null ? (
            <span className="v-coins">
              <Coins aria-hidden="true" />
              {abbreviate(tokens)} {tokens === 1 ? 'coin' : 'coins'}
            </span>
          ) : null}
        </span>
      </button>
      {right ? (
        <button type="button" className="v-nbanner__action" onClick={onFollow}>
          {right}
        </button>
      ) : null}
      <button
        type="button"
        className="v-icon-button v-icon-button--muted"
        aria-label="Dismiss notification"
        onClick={() => notificationBanners.dismiss(key)}
      >
        <X aria-hidden="true" />
      </button>
    </article>
  )
}

/**
 * The realtime notification banners at the top of the screen (spec §2 Main layout): tap follows the
 * link, the close icon dismisses one, a swipe up of more than 10 px clears them all.
 */
export function NotificationBanners() {
  const entries = useNotificationBanners()
  const start = useRef<number | null>(null)
  const swiped = useRef(false)

  const onPointerDown = (event: PointerEvent) => {
    start.current = event.clientY
    swiped.current = false
  }
  const onPointerMove = (event: PointerEvent) => {
    if (start.current === null || swiped.current) return
    if (isSwipeUpDismiss(start.current, event.clientY)) {
      swiped.current = true
      notificationBanners.clearAll()
    }
  }
  const onPointerEnd = () => {
    start.current = null
  }
  // A swipe ends with a click on whatever was under the finger: that click must not follow the link.
  const suppressClick = () => {
    const was = swiped.current
    swiped.current = false
    return was
  }

  return (
    <section
      className="v-nbanners"
      aria-label="Notifications"
      aria-live="polite"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
    >
      {entries.map((entry) => (
        <Banner key={entry.key} entry={entry} suppressClick={suppressClick} />
      ))}
    </section>
  )
}
