/** A post counts as read once at least half of its card has been on screen for a second. */
export const ReadRule = { visibleRatio: 0.5, dwellMs: 1000 } as const

/** Timers with their handle type (the browser's numbers, or Node's objects in tests). */
export interface ReadTimers<Handle> {
  set(run: () => void, ms: number): Handle
  clear(handle: Handle): void
}

export const browserTimers: ReadTimers<number> = {
  set: (run, ms) => window.setTimeout(run, ms),
  clear: (handle) => window.clearTimeout(handle),
}

/**
 * The read events of one page view: `seen(postId, ratio)` is fed with the visible share of a card (from an
 * IntersectionObserver); `onRead(postId)` fires once per post after ReadRule.dwellMs of continuous
 * visibility at or above ReadRule.visibleRatio. A card that scrolls away (or unmounts) before that starts over.
 */
export function createReadTracker<Handle>(onRead: (postId: number) => void, timers: ReadTimers<Handle>) {
  const sent = new Set<number>()
  const pending = new Map<number, Handle>()

  const stop = (postId: number) => {
    const handle = pending.get(postId)
    if (handle === undefined) return
    timers.clear(handle)
    pending.delete(postId)
  }

  return {
    seen(postId: number, ratio: number): void {
      if (sent.has(postId)) return
      if (ratio < ReadRule.visibleRatio) {
        stop(postId)
        return
      }
      if (pending.has(postId)) return
      const handle = timers.set(() => {
        pending.delete(postId)
        sent.add(postId)
        onRead(postId)
      }, ReadRule.dwellMs)
      pending.set(postId, handle)
    },
    /** The card left the page (virtualized away, unmounted). */
    gone(postId: number): void {
      stop(postId)
    },
    /** The page view ends: nothing pending fires any more. */
    dispose(): void {
      for (const postId of [...pending.keys()]) stop(postId)
    },
  }
}

export type ReadTracker = ReturnType<typeof createReadTracker<number>>
