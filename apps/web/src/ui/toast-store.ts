import { Timing } from '@velvet/contract'
import { createStore, useStore } from '../lib/store.ts'

export type ToastTone = 'info' | 'success' | 'error'
export interface ToastItem {
  id: number
  message: string
  tone: ToastTone
}

const items = createStore<ToastItem[]>([])
let nextId = 1

function dismiss(id: number) {
  items.update((shown) => shown.filter((item) => item.id !== id))
}

/** Short messages (spec §9: toast 2 s). Usable outside React, e.g. from the auth guard. */
export const toast = {
  show(message: string, tone: ToastTone = 'info'): void {
    const id = nextId++
    // The same text twice in a row is shown once.
    items.update((shown) =>
      [...shown.filter((item) => item.message !== message), { id, message, tone }].slice(-3),
    )
    setTimeout(() => dismiss(id), Timing.toastMs)
  },
  error(message: string): void {
    toast.show(message, 'error')
  },
  success(message: string): void {
    toast.show(message, 'success')
  },
  dismiss,
}

export function useToasts(): ToastItem[] {
  return useStore(items)
}
