import { ChatRules } from '@velvet/contract'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { typingStore, typingThrottle } from './typing-store.ts'

afterEach(() => {
  vi.useRealTimers()
  typingStore.clear('7')
})

describe('typingStore', () => {
  it('shows who is typing until the show time passes or it is cleared', () => {
    vi.useFakeTimers()
    typingStore.show('7', 42)
    expect(typingStore.who('7')).toBe(42)
    vi.advanceTimersByTime(ChatRules.typingShowMs - 1)
    expect(typingStore.who('7')).toBe(42)
    vi.advanceTimersByTime(1)
    expect(typingStore.who('7')).toBeNull()
    typingStore.show('7', 42)
    typingStore.clear('7')
    expect(typingStore.who('7')).toBeNull()
  })
})

describe('typingThrottle', () => {
  it('sends on the first keystroke, then at most every typingEveryMs', () => {
    let now = 1_000
    const send = vi.fn()
    const keystroke = typingThrottle(send, () => now)
    keystroke()
    keystroke()
    expect(send).toHaveBeenCalledTimes(1)
    now += ChatRules.typingEveryMs - 1
    keystroke()
    expect(send).toHaveBeenCalledTimes(1)
    now += 1
    keystroke()
    expect(send).toHaveBeenCalledTimes(2)
  })
})
