import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createReadTracker, type ReadTimers } from './read-tracker.ts'

const timers: ReadTimers<ReturnType<typeof setTimeout>> = {
  set: (run, ms) => setTimeout(run, ms),
  clear: (handle) => clearTimeout(handle),
}

describe('read tracker', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('reads a post after half of it was visible for one second, once per page view', () => {
    const read = vi.fn()
    const tracker = createReadTracker(read, timers)
    tracker.seen(1, 0.6)
    vi.advanceTimersByTime(999)
    expect(read).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(read).toHaveBeenCalledExactlyOnceWith(1)

    // Seen again later in the same page view: no second event.
    tracker.seen(1, 0.2)
    tracker.seen(1, 1)
    vi.advanceTimersByTime(5000)
    expect(read).toHaveBeenCalledTimes(1)
  })

  it('starts over when the card drops under half before the second is up', () => {
    const read = vi.fn()
    const tracker = createReadTracker(read, timers)
    tracker.seen(2, 0.5)
    vi.advanceTimersByTime(600)
    tracker.seen(2, 0.49)
    vi.advanceTimersByTime(600)
    expect(read).not.toHaveBeenCalled()
    tracker.seen(2, 0.8)
    // A higher ratio while already counting does not restart the clock.
    vi.advanceTimersByTime(500)
    tracker.seen(2, 0.9)
    vi.advanceTimersByTime(500)
    expect(read).toHaveBeenCalledExactlyOnceWith(2)
  })

  it('never reads a post that was less than half visible, gone, or left with the page', () => {
    const read = vi.fn()
    const tracker = createReadTracker(read, timers)
    tracker.seen(3, 0.3)
    tracker.seen(4, 0.9)
    tracker.gone(4)
    tracker.seen(5, 0.9)
    tracker.dispose()
    vi.advanceTimersByTime(10_000)
    expect(read).not.toHaveBeenCalled()
  })

  it('counts each post on its own', () => {
    const read = vi.fn()
    const tracker = createReadTracker(read, timers)
    tracker.seen(6, 1)
    vi.advanceTimersByTime(500)
    tracker.seen(7, 1)
    vi.advanceTimersByTime(500)
    expect(read.mock.calls).toEqual([[6]])
    vi.advanceTimersByTime(500)
    expect(read.mock.calls).toEqual([[6], [7]])
  })
})
