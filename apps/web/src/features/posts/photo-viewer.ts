import type { MediaUrls, Post, PostMedia } from '@velvet/contract'

/** A photo the viewer already has (its urls are signed for them). */
export interface ViewerPhoto {
  media: PostMedia
  urls: MediaUrls
}

/** The full-screen viewer's zoom limits; a double tap zooms to `step`. */
export const Zoom = { min: 1, max: 4, step: 2.5 } as const

/**
 * The photos of a post the full-screen viewer may show: only those the viewer already has. A locked
 * photo (no urls, only the blurred preview) never reaches the viewer, nor does a video.
 */
export function viewerPhotos(post: Pick<Post, 'media'>): ViewerPhoto[] {
  const photos: ViewerPhoto[] = []
  for (const media of post.media)
    if (media.kind === 'image' && media.urls) photos.push({ media, urls: media.urls })
  return photos
}

/** A photo's alt text: the post's caption, or "Photo 2 of 3 by @name" when it has none. */
export function photoAlt(post: Pick<Post, 'caption' | 'author'>, index: number, count: number): string {
  const caption = post.caption.trim()
  if (caption) return caption
  const by = post.author.user_name ? ` by @${post.author.user_name}` : ''
  return `Photo ${index + 1} of ${count}${by}`
}

export interface ZoomState {
  scale: number
  /** Pan in CSS pixels from the centre. */
  x: number
  y: number
}

export const unzoomed: ZoomState = { scale: 1, x: 0, y: 0 }

/** The pan kept within the zoomed picture (no empty edge drawn into view). */
export function clampZoom(state: ZoomState, box: { width: number; height: number }): ZoomState {
  const scale = Math.min(Zoom.max, Math.max(Zoom.min, state.scale))
  const maxX = ((scale - 1) * box.width) / 2
  const maxY = ((scale - 1) * box.height) / 2
  const clamp = (value: number, max: number) => Math.min(max, Math.max(-max, value))
  return { scale, x: clamp(state.x, maxX), y: clamp(state.y, maxY) }
}

/**
 * Zooms to `scale` about a point (CSS pixels from the box's centre), keeping that point where it is:
 * a double tap's spot, or the middle of a pinch.
 */
export function zoomAbout(
  from: ZoomState,
  scale: number,
  point: { x: number; y: number },
  box: { width: number; height: number },
): ZoomState {
  const ratio = scale / from.scale
  return clampZoom(
    {
      scale,
      x: point.x - (point.x - from.x) * ratio,
      y: point.y - (point.y - from.y) * ratio,
    },
    box,
  )
}

/** A double tap toggles: zoomed out → `Zoom.step` about the tap; zoomed in → back to fit. */
export function doubleTapZoom(
  from: ZoomState,
  point: { x: number; y: number },
  box: { width: number; height: number },
): ZoomState {
  return from.scale > 1 ? unzoomed : zoomAbout(from, Zoom.step, point, box)
}
