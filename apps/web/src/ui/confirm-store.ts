import { createStore, useStore } from '../lib/store.ts'

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

const request = createStore<ConfirmRequest | null>(null)

/**
 * Asks a yes/no question in the shared confirm dialog; resolves true on confirm, false on cancel or
 * Escape. A second question while one is open answers the first with false.
 */
export function confirm(options: ConfirmOptions): Promise<boolean> {
  request.get()?.resolve(false)
  return new Promise((resolve) => {
    const asked: ConfirmRequest = {
      ...options,
      resolve: (ok) => {
        if (request.get() === asked) request.set(null)
        resolve(ok)
      },
    }
    request.set(asked)
  })
}

export function useConfirmRequest(): ConfirmRequest | null {
  return useStore(request)
}
