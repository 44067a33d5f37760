import { createStore, useStore } from '../../lib/store.ts'

const exiting = createStore(false)

/**
 * Set while this tab is leaving an account on purpose (log out, delete account): account-only screens
 * then show "Signing out" instead of sending the new guest to /login with a redirect back.
 */
export const sessionExit = {
  async run(work: () => Promise<void>): Promise<void> {
    exiting.set(true)
    try {
      await work()
    } finally {
      exiting.set(false)
    }
  },
  get: exiting.get,
}

export function useSessionExiting(): boolean {
  return useStore(exiting)
}
