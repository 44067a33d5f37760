import { useEffect, useRef, useState } from 'react'
import { pullDistance, shouldRefresh } from './pull-rules.ts'

/**
 * Pull to refresh on touch screens: dragging down from the very top of the page pulls the feed; letting
 * go far enough runs `onRefresh` (the indicator spins until it settles). The browser's own pull-to-reload
 * is held back while the screen is shown.
 */
export function usePullToRefresh(onRefresh: () => Promise<unknown>, enabled: boolean) {
  const [distance, setDistance] = useState(0)
  const [refreshing, setRefreshing] = useState(false)
  const start = useRef<number | null>(null)
  const pulled = useRef(0)
  const refresh = useRef(onRefresh)
  useEffect(() => {
    refresh.current = onRefresh
  })

  useEffect(() => {
    if (!enabled) return
    const root = document.documentElement
    const previous = root.style.overscrollBehaviorY
    root.style.overscrollBehaviorY = 'contain'

    const onStart = (event: TouchEvent) => {
      start.current =
        window.scrollY <= 0 && event.touches.length === 1 ? (event.touches[0]?.clientY ?? null) : null
    }
    const onMove = (event: TouchEvent) => {
      if (start.current === null) return
      const y = event.touches[0]?.clientY ?? start.current
      pulled.current = window.scrollY <= 0 ? pullDistance(y - start.current) : 0
      setDistance(pulled.current)
    }
    const onEnd = () => {
      if (start.current === null) return
      start.current = null
      const go = shouldRefresh(pulled.current)
      pulled.current = 0
      setDistance(0)
      if (!go) return
      setRefreshing(true)
      void refresh.current().finally(() => setRefreshing(false))
    }
    window.addEventListener('touchstart', onStart, { passive: true })
    window.addEventListener('touchmove', onMove, { passive: true })
    window.addEventListener('touchend', onEnd)
    window.addEventListener('touchcancel', onEnd)
    return () => {
      root.style.overscrollBehaviorY = previous
      window.removeEventListener('touchstart', onStart)
      window.removeEventListener('touchmove', onMove)
      window.removeEventListener('touchend', onEnd)
      window.removeEventListener('touchcancel', onEnd)
    }
  }, [enabled])

  return { distance, refreshing }
}
