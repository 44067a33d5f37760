import { createContext, type ReactNode, type RefObject, useContext, useEffect, useState } from 'react'
import { sendReadEvent } from './posts.queries.ts'
import { browserTimers, createReadTracker, ReadRule, type ReadTracker } from './read-tracker.ts'

const ReadEvents = createContext<ReadTracker | null>(null)

/** One page view of posts: each post sends its read event at most once while this is mounted. */
export function ReadEventsProvider({ children }: { children: ReactNode }) {
  const [tracker] = useState(() => createReadTracker(sendReadEvent, browserTimers))
  useEffect(() => () => tracker.dispose(), [tracker])
  return <ReadEvents.Provider value={tracker}>{children}</ReadEvents.Provider>
}

/** Watches how much of the card `ref` is on screen and feeds the page view's read tracker. */
export function useReadObserver(ref: RefObject<HTMLElement | null>, postId: number): void {
  const tracker = useContext(ReadEvents)
  useEffect(() => {
    const element = ref.current
    if (!tracker || !element || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) tracker.seen(postId, entry.isIntersecting ? entry.intersectionRatio : 0)
      },
      { threshold: [0, ReadRule.visibleRatio, 0.75, 1] },
    )
    observer.observe(element)
    return () => {
      observer.disconnect()
      tracker.gone(postId)
    }
  }, [ref, tracker, postId])
}
