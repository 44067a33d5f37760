import { ShellStorageKeys } from '@velvet/contract'
import { z } from 'zod'
import { readJson, removeItem } from '../../lib/storage.ts'
import { createStore, useStore } from '../../lib/store.ts'

const open = createStore(false)

/** The create-post popup (spec §2): opened by the publish tab or show_create_post=1, for creators. */
export const createPostPopup = {
  open: () => open.set(true),
  close: () => open.set(false),
}

/**
 * For a creator: opens the popup once when an e-mail link stored open_create (spec §3, §5), and forgets the
 * flag. Called when the creator is known (the popup's host) and right after the link is read.
 */
export function openCreateIfAsked(): void {
  if (readJson(ShellStorageKeys.openCreate, z.literal(1)) === null) return
  removeItem(ShellStorageKeys.openCreate)
  open.set(true)
}

export function useCreatePostOpen(): boolean {
  return useStore(open)
}
