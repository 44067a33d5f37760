import { useSyncExternalStore } from 'react'

let exiting = false
const listeners = new Set<() => void>()

function set(next: boolean): void {
  exiting = next
  for (const listener of listeners) listener()
}

/**
 * Set while this tab is leaving an account on purpose (log out, delete account): account-only screens
 * then show "Signing out" instead of sending the new guest to /login with a redirect back.
 */
export const sessionExit = {
  async run(work: () => Promise<void>): Promise<void> {
    set(true)
    try {
      await work()
    } finally {
      set(false)
    }
  },
  get: () => exiting,
}

export function useSessionExiting(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => exiting,
    () => exiting,
  )
}
