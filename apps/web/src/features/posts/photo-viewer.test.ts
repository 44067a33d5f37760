import { describe, expect, it } from 'vitest'
import {
  clampZoom,
  doubleTapZoom,
  photoAlt,
  unzoomed,
  viewerPhotos,
  Zoom,
  zoomAbout,
} from './photo-viewer.ts'
import { makeMedia, makePost } from './post-fixtures.ts'

const box = { width: 400, height: 600 }

describe('the photos the full-screen viewer shows', () => {
  it('are only the photos the viewer already has: never a locked one, nor a video', () => {
    const post = makePost({
      lock: { reason: 'ppv', price: 40, images: 3, videos: 0, duration: 0 },
      media: [
        makeMedia({ media_id: 1, is_free_preview: true }),
        makeMedia({ media_id: 2, urls: null }),
        makeMedia({ media_id: 3, kind: 'video', duration: 4 }),
        makeMedia({ media_id: 4, urls: null }),
      ],
    })
    expect(viewerPhotos(post).map((photo) => photo.media.media_id)).toEqual([1])
  })

  it('carry the caption as alt text, or which photo and whose', () => {
    const post = makePost({ caption: '  Golden hour  ' })
    expect(photoAlt(post, 0, 2)).toBe('Golden hour')
    expect(photoAlt({ ...post, caption: '' }, 1, 3)).toBe('Photo 2 of 3 by @creator_one')
  })
})

describe('zooming', () => {
  it('zooms a double tap to the step about the tap, and back to fit', () => {
    const zoomed = doubleTapZoom(unzoomed, { x: 100, y: -50 }, box)
    expect(zoomed.scale).toBe(Zoom.step)
    // The tapped spot stays under the finger: 100 - 100 * 2.5 = -150.
    expect(zoomed).toEqual({ scale: Zoom.step, x: -150, y: 75 })
    expect(doubleTapZoom(zoomed, { x: 0, y: 0 }, box)).toEqual(unzoomed)
  })

  it('keeps the scale within limits and the pan within the picture', () => {
    expect(clampZoom({ scale: 9, x: 0, y: 0 }, box).scale).toBe(Zoom.max)
    expect(clampZoom({ scale: 0.3, x: 50, y: 50 }, box)).toEqual(unzoomed)
    expect(clampZoom({ scale: 2, x: 999, y: -999 }, box)).toEqual({ scale: 2, x: 200, y: -300 })
    expect(zoomAbout(unzoomed, 2, { x: 0, y: 0 }, box)).toEqual({ scale: 2, x: 0, y: 0 })
  })
})
