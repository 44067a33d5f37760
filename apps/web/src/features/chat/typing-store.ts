import { ChatRules } from '@velvet/contract'
import { useSyncExternalStore } from 'react'

/**
 * Who is typing where (the `chat_typing` channel): a conversation shows "… is typing" for
 * ChatRules.typingShowMs after the last event, or until that person's message arrives.
 */
const typing = new Map<string, { userId: number; until: number }>()
const listeners = new Set<() => void>()
const timers = new Map<string, ReturnType<typeof setTimeout>>()

function emit() {
  for (const listener of listeners) listener()
}

export const typingStore = {
  show(conversationId: string, userId: number, now = Date.now()) {
    typing.set(conversationId, { userId, until: now + ChatRules.typingShowMs })
    clearTimeout(timers.get(conversationId))
    timers.set(
      conversationId,
      setTimeout(() => typingStore.clear(conversationId), ChatRules.typingShowMs),
    )
    emit()
  },
  clear(conversationId: string) {
    if (!typing.delete(conversationId)) return
    clearTimeout(timers.get(conversationId))
    timers.delete(conversationId)
    emit()
  },
  /** The user typing in a conversation now, or null. */
  who(conversationId: string, now = Date.now()): number | null {
    const entry = typing.get(conversationId)
    return entry && entry.until > now ? entry.userId : null
  },
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Whether the other side of this conversation is typing. */
export function useTyping(conversationId: string, peerId: number): boolean {
  return useSyncExternalStore(
    subscribe,
    () => typingStore.who(conversationId) === peerId,
    () => false,
  )
}

/**
 * Calls `send` at most every ChatRules.typingEveryMs while the user types (the first keystroke at once).
 * Answers the function to call on each keystroke.
 */
export function typingThrottle(send: () => void, now: () => number = Date.now): () => void {
  let last = Number.NEGATIVE_INFINITY
  return () => {
    const at = now()
    if (at - last < ChatRules.typingEveryMs) return
    last = at
    send()
  }
}
