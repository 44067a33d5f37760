import { useSyncExternalStore } from 'react'

export interface ConfirmOptions {
  title: string
  message?: string
  confirmLabel?: string
  cancelLabel?: string | null
  tone?: 'primary' | 'danger'
}

interface ConfirmRequest extends ConfirmOptions {
  resolve: (ok: boolean) => void
}

let current: ConfirmRequest | null = null
const listeners = new Set<() => void>()

function set(next: ConfirmRequest | null) {
  current = next
  for (const listener of listeners) listener()
}

/**
 * Asks a yes/no question in the shared confirm dialog; resolves true on confirm, false on cancel or
 * Escape. A second question while one is open answers the first with false.
 */
export function confirm(options: ConfirmOptions): Promise<boolean> {
  current?.resolve(false)
  return new Promise((resolve) => {
    const request: ConfirmRequest = {
      ...options,
      resolve: (ok) => {
        if (current === request) set(null)
        resolve(ok)
      },
    }
    set(request)
  })
}

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function useConfirmRequest(): ConfirmRequest | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => current,
  )
}
