import type { NotificationKind } from '@velvet/contract'

/** Query keys of /notifications (STYLE §10). Logout clears the cache, so keys need no viewer id. */
export const notificationKeys = {
  all: ['notifications'] as const,
  list: (kind: NotificationKind) => [...notificationKeys.all, kind] as const,
}
