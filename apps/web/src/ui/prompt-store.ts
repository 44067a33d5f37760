import { Timing } from '@velvet/contract'
import { createStore, useStore } from '../lib/store.ts'

const message = createStore<string | null>(null)
let timer: ReturnType<typeof setTimeout> | undefined

/** A short centred message (spec §9: prompt 2 s); a new one replaces the one shown. */
export const prompt = {
  show(text: string): void {
    clearTimeout(timer)
    message.set(text)
    timer = setTimeout(() => message.set(null), Timing.promptMs)
  },
  hide(): void {
    clearTimeout(timer)
    message.set(null)
  },
}

export function usePromptMessage(): string | null {
  return useStore(message)
}
