import { Timing } from '@velvet/contract'
import { useSyncExternalStore } from 'react'

let message: string | null = null
let timer: ReturnType<typeof setTimeout> | undefined
const listeners = new Set<() => void>()

function set(next: string | null) {
  message = next
  for (const listener of listeners) listener()
}

/** A short centred message (spec §9: prompt 2 s); a new one replaces the one shown. */
export const prompt = {
  show(text: string): void {
    clearTimeout(timer)
    set(text)
    timer = setTimeout(() => set(null), Timing.promptMs)
  },
  hide(): void {
    clearTimeout(timer)
    set(null)
  },
}

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function usePromptMessage(): string | null {
  return useSyncExternalStore(
    subscribe,
    () => message,
    () => message,
  )
}
