import { useSyncExternalStore } from 'react'

/**
 * Whether the become-host bubble is on screen. The install-app card waits while it is, so the two never
 * cover each other (the bubble lasts 5 s; the install card has no deadline).
 */
let showing = false
const listeners = new Set<() => void>()

export const becomeHostBubble = {
  set(value: boolean): void {
    if (showing === value) return
    showing = value
    for (const listener of listeners) listener()
  },
  get: (): boolean => showing,
  subscribe(listener: () => void): () => void {
    listeners.add(listener)
    return () => listeners.delete(listener)
  },
}

export function useBecomeHostBubbleShowing(): boolean {
  return useSyncExternalStore(becomeHostBubble.subscribe, becomeHostBubble.get)
}
