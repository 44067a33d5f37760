import { createStore, useStore } from '../../lib/store.ts'

/**
 * Whether the become-host bubble is on screen. The install-app card waits while it is, so the two never
 * cover each other (the bubble lasts 5 s; the install card has no deadline).
 */
export const becomeHostBubble = createStore(false)

export function useBecomeHostBubbleShowing(): boolean {
  return useStore(becomeHostBubble)
}
