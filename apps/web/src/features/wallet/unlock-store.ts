import { createStore, useStore } from '../../lib/store.ts'

/**
 * Which lock panel shows the unlock sheet. A locked post renders a panel on each locked slide (and may be in
 * the feed and on its page): one of them claims the sheet, so it opens once.
 */
const claim = createStore<{ postId: number; owner: string } | null>(null)

export const unlockSheet = {
  open(postId: number, owner: string) {
    claim.set({ postId, owner })
  },
  /** Opens for `owner` only when no panel holds the sheet yet (the return from buying coins). */
  claim(postId: number, owner: string): boolean {
    if (claim.get()) return false
    claim.set({ postId, owner })
    return true
  },
  close(owner: string) {
    if (claim.get()?.owner === owner) claim.set(null)
  },
}

/** Whether this panel shows the sheet now. */
export function useUnlockSheetOpen(owner: string): boolean {
  return useStore(claim, (current) => current?.owner === owner)
}
