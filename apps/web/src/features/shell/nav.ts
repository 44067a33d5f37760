import { badgeText } from '@velvet/contract'

/** A navigation item's accessible name with its unread count ("Messages, 3 unread"). */
export function unreadLabel(name: string, count: number): string {
  const text = badgeText(count)
  return text ? `${name}, ${text} unread` : name
}
