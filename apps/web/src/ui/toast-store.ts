import { Timing } from '@velvet/contract'
import { useSyncExternalStore } from 'react'

export type ToastTone = 'info' | 'success' | 'error'
export interface ToastItem {
  id: number
  message: string
  tone: ToastTone
}

let items: ToastItem[] = []
let nextId = 1
const listeners = new Set<() => void>()

function emit(next: ToastItem[]) {
  items = next
  for (const listener of listeners) listener()
}

function dismiss(id: number) {
  emit(items.filter((item) => item.id !== id))
}

/** Short messages (spec §9: toast 2 s). Usable outside React, e.g. from the auth guard. */
export const toast = {
  show(message: string, tone: ToastTone = 'info'): void {
    const id = nextId++
    // The same text twice in a row is shown once.
    emit([...items.filter((item) => item.message !== message), { id, message, tone }].slice(-3))
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

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function useToasts(): ToastItem[] {
  return useSyncExternalStore(
    subscribe,
    () => items,
    () => items,
  )
}
