import { badgeText } from '@velvet/contract'

/** What a navigation item's accessible name says after its name when there are unread items (", 3 unread"). */
export function unreadSuffix(count: number): string {
  const text = badgeText(count)
  return text ? `, ${text} unread` : ''
}

/** A navigation item's accessible name with its unread count ("Messages, 3 unread"). */
export function unreadLabel(name: string, count: number): string {
  return `${name}${unreadSuffix(count)}`
}
