import { ShellStorageKeys } from '@velvet/contract'
import { useSyncExternalStore } from 'react'
import { z } from 'zod'
import { readJson, removeItem } from '../../lib/storage.ts'

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

/**
 * For a creator: opens the popup once when an e-mail link stored open_create (spec §3, §5), and forgets the
 * flag. Called when the creator is known (the popup's host) and right after the link is read.
 */
export function openCreateIfAsked(): void {
  if (readJson(ShellStorageKeys.openCreate, z.literal(1)) === null) return
  removeItem(ShellStorageKeys.openCreate)
  set(true)
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
