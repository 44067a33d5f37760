/** A bar's vertical extent on screen, in px from the top of the viewport. */
export interface BarBox {
  top: number
  bottom: number
}

/**
 * Where toasts start so they never cover a screen's bar: under the lowest bar showing in the top third of
 * the viewport (its bottom, in px; a sticky bar, or one under the test-mode strip), or null when none
 * shows there. A block reaching further down is content, not a bar, and is not stepped over.
 */
export function belowTopBars(bars: readonly BarBox[], viewportHeight: number): number | null {
  let lowest: number | null = null
  for (const bar of bars) {
    if (bar.bottom <= 0 || bar.bottom > viewportHeight / 3) continue
    lowest = Math.max(lowest ?? 0, bar.bottom)
  }
  return lowest
}

/**
 * The page's screen bars: its header elements pinned to the screen (sticky or fixed: a chat's header, a
 * screen's back bar, the home top bar), leaving out those of posts, cards and open overlays.
 */
export function screenBarBoxes(root: ParentNode = document): BarBox[] {
  return [...root.querySelectorAll('header')]
    .filter((header) => !header.closest('article, [aria-modal="true"]'))
    .filter((header) => ['sticky', 'fixed'].includes(getComputedStyle(header).position))
    .map((header) => header.getBoundingClientRect())
}
