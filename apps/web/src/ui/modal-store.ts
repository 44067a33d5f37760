import { useEffect } from 'react'
import { createStore, useStore } from '../lib/store.ts'

/** How many modal overlays (dialogs, sheets) are open now. */
const openModals = createStore(0)

/** Counts this overlay as open while `open` is true (Dialog and BottomSheet call it). */
export function useModalPresence(open: boolean): void {
  useEffect(() => {
    if (!open) return
    openModals.update((count) => count + 1)
    return () => openModals.update((count) => count - 1)
  }, [open])
}

/**
 * True while any dialog or sheet is open: a card that floats over the screen (the install prompt) waits
 * for it to be answered, so only one overlay asks for attention at a time.
 */
export function useAnyModalOpen(): boolean {
  return useStore(openModals) > 0
}
