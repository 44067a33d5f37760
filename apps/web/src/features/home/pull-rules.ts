/** Pull to refresh: how far the list follows the finger, and when letting go refreshes. */
export const Pull = {
  /** The list moves half as far as the finger (it feels elastic). */
  resistance: 0.5,
  maxPx: 96,
  refreshAtPx: 64,
} as const

/** How far the feed is pulled down for a finger `dy` pixels below where it touched (at the top of the page). */
export function pullDistance(dy: number): number {
  if (dy <= 0) return 0
  return Math.min(Pull.maxPx, dy * Pull.resistance)
}

export function shouldRefresh(distance: number): boolean {
  return distance >= Pull.refreshAtPx
}
