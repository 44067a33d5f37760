import { keepPreviousData, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query'
import { type NotificationKind, notificationList, notificationReadAll } from '@velvet/contract'
import { api } from '../../lib/api/index.ts'
import { systemKeys } from '../system/index.ts'
import { notificationKeys } from './notification-keys.ts'

const PAGE_SIZE = 30

/** One tab of /notifications, page by page (keeps the previous tab's rows while the next loads). */
export function useNotifications(kind: NotificationKind) {
  return useInfiniteQuery({
    queryKey: notificationKeys.list(kind),
    queryFn: ({ pageParam, signal }) =>
      api.call(notificationList, { kind, cursor: pageParam, limit: PAGE_SIZE }, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => (page.has_next ? (page.cursor ?? undefined) : undefined),
    placeholderData: keepPreviousData,
  })
}

/** Marks every notification read; the tab badge (system init) is fetched again. */
export function useReadAllNotifications() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: () => api.call(notificationReadAll),
    onSuccess: () => void client.invalidateQueries({ queryKey: systemKeys.initAll() }),
  })
}
