import { useEffect } from 'react'
import { createStore } from '../../lib/store.ts'
import { feedWidthPx, layoutFlags, rootFontSizePx } from './layout-metrics.ts'

/** Whether the desktop layout is on (the `data-desktop` flag): the shell draws the side menu only then. */
export const desktopLayout = createStore(false)

/**
 * Applies the spec §9 layout maths to the document: root font size, `--feed-width`, and the
 * `data-shadow` / `data-desktop` flags the shell's CSS reads. Recomputed on resize.
 */
export function applyLayoutMetrics(): void {
  const root = document.documentElement
  const width = window.innerWidth
  const height = window.innerHeight
  const flags = layoutFlags(width, window.matchMedia('(hover: hover)').matches)
  root.style.fontSize = `${rootFontSizePx(width)}px`
  root.style.setProperty('--feed-width', `${feedWidthPx(width, height)}px`)
  root.toggleAttribute('data-shadow', flags.shadow)
  root.toggleAttribute('data-desktop', flags.desktop)
  desktopLayout.set(flags.desktop)
}

export function useLayoutMetrics(): void {
  useEffect(() => {
    applyLayoutMetrics()
    window.addEventListener('resize', applyLayoutMetrics)
    return () => window.removeEventListener('resize', applyLayoutMetrics)
  }, [])
}
