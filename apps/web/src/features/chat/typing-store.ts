import { ChatRules } from '@velvet/contract'
import { createStore, useStore } from '../../lib/store.ts'

/**
 * Who is typing where (the `chat_typing` channel): a conversation shows "… is typing" for
 * ChatRules.typingShowMs after the last event, or until that person's message arrives.
 */
const typing = createStore<ReadonlyMap<string, { userId: number; until: number }>>(new Map())
const timers = new Map<string, ReturnType<typeof setTimeout>>()

export const typingStore = {
  show(conversationId: string, userId: number, now = Date.now()) {
    typing.update((current) =>
      new Map(current).set(conversationId, { userId, until: now + ChatRules.typingShowMs }),
    )
    clearTimeout(timers.get(conversationId))
    timers.set(
      conversationId,
      setTimeout(() => typingStore.clear(conversationId), ChatRules.typingShowMs),
    )
  },
  clear(conversationId: string) {
    if (!typing.get().has(conversationId)) return
    const next = new Map(typing.get())
    next.delete(conversationId)
    typing.set(next)
    clearTimeout(timers.get(conversationId))
    timers.delete(conversationId)
  },
  /** The user typing in a conversation now, or null. */
  who(conversationId: string, now = Date.now()): number | null {
    const entry = typing.get().get(conversationId)
    return entry && entry.until > now ? entry.userId : null
  },
}

/** Whether the other side of this conversation is typing. */
export function useTyping(conversationId: string, peerId: number): boolean {
  return useStore(typing, () => typingStore.who(conversationId) === peerId)
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
