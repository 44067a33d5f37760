import { Layout } from '@velvet/contract'

/** spec §9: 16 px at the 414 px reference width, scaled with the width below 500 px, at most 2x. */
export function rootFontSizePx(viewportWidth: number): number {
  if (viewportWidth >= Layout.scaleBelowPx) return Layout.baseFontPx
  const scale = Math.min(viewportWidth / Layout.referenceWidthPx, Layout.maxScale)
  return Layout.baseFontPx * scale
}

/** spec §9: the feed is the whole width on phones; wider than 430 px it is the viewport height / 1.9. */
export function feedWidthPx(viewportWidth: number, viewportHeight: number): number {
  if (viewportWidth <= Layout.feedWidthFromPx) return viewportWidth
  if (viewportHeight <= 0) return Math.min(viewportWidth, Layout.feedWidthRem * Layout.baseFontPx)
  return Math.min(viewportWidth, viewportHeight / Layout.feedWidthRatio)
}

export interface LayoutFlags {
  /** The feed column casts a shadow (≥ 420 px). */
  shadow: boolean
  /** Desktop-only info (logo, side footer) shows: ≥ 768 px with a hovering pointer. */
  desktop: boolean
}

export function layoutFlags(viewportWidth: number, canHover: boolean): LayoutFlags {
  return {
    shadow: viewportWidth >= Layout.shadowFromPx,
    desktop: viewportWidth >= Layout.desktopInfoFromPx && canHover,
  }
}
