import { type NotificationItem, noticeBody, type WebPushPayload } from '@velvet/contract'
import type { NotificationRow } from './schema.ts'

/** A stored notification as the banner and the list render it; every field listed. */
export function presentNotification(row: NotificationRow): NotificationItem {
  return {
    id: String(row.id),
    notify_type: row.notifyType,
    is_show: row.isShow === 0 ? 0 : 1,
    is_add: row.isAdd === 0 ? 0 : 1,
    show_seconds: row.showSeconds,
    link: row.link,
    left: row.parts.left,
    middle: row.parts.middle,
    right: row.parts.right,
    meta: row.parts.meta,
    // Rows stored before bodies stopped repeating their summary read the same as new ones.
    content: noticeBody({ middle: row.parts.middle, content: row.content }),
    created_at: Math.floor(row.createdAt.getTime() / 1000),
  }
}

/** The same notification as a web push for a user with no open socket. */
export function presentPush(item: NotificationItem): WebPushPayload {
  return {
    title: item.middle.title,
    body: item.middle.summary || item.content,
    link: item.link,
    tag: `notification-${item.id}`,
    ...(item.left.content ? { icon: item.left.content } : {}),
  }
}
