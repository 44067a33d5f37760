import { useSyncExternalStore } from 'react'

/**
 * Which lock panel shows the unlock sheet. A locked post renders a panel on each locked slide (and may be in
 * the feed and on its page): one of them claims the sheet, so it opens once.
 */
let claim: { postId: number; owner: string } | null = null
const listeners = new Set<() => void>()

function emit(next: typeof claim) {
  claim = next
  for (const listener of listeners) listener()
}

export const unlockSheet = {
  open(postId: number, owner: string) {
    emit({ postId, owner })
  },
  /** Opens for `owner` only when no panel holds the sheet yet (the return from buying coins). */
  claim(postId: number, owner: string): boolean {
    if (claim) return false
    emit({ postId, owner })
    return true
  },
  close(owner: string) {
    if (claim?.owner === owner) emit(null)
  },
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Whether this panel shows the sheet now. */
export function useUnlockSheetOpen(owner: string): boolean {
  return useSyncExternalStore(
    subscribe,
    () => claim?.owner === owner,
    () => false,
  )
}
