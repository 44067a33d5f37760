import { describe, expect, it, vi } from 'vitest'
import { createStore } from './store.ts'

describe('createStore', () => {
  it('notifies listeners of a change, not of the same value again', () => {
    const store = createStore(1)
    const listener = vi.fn()
    const unsubscribe = store.subscribe(listener)
    store.set(1)
    expect(listener).not.toHaveBeenCalled()
    store.update((value) => value + 1)
    expect(store.get()).toBe(2)
    expect(listener).toHaveBeenCalledTimes(1)
    unsubscribe()
    store.set(3)
    expect(listener).toHaveBeenCalledTimes(1)
  })
})
