import { useSyncExternalStore } from 'react'

let open = false
const listeners = new Set<() => void>()

function set(next: boolean) {
  open = next
  for (const listener of listeners) listener()
}

/** The create-post popup (spec §2): opened by the publish tab or show_create_post=1, for creators. */
export const createPostPopup = {
  open: () => set(true),
  close: () => set(false),
}

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function useCreatePostOpen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => open,
    () => open,
  )
}
