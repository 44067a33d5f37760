import type { Post } from '@velvet/contract'
import { X, ZoomIn, ZoomOut } from 'lucide-react'
import { type KeyboardEvent, type PointerEvent, useCallback, useEffect, useRef, useState } from 'react'
import { createPortal } from 'react-dom'
import { useFocusTrap, useScrollLock } from '../../ui/use-focus-trap.ts'
import { CarouselArrows } from './CarouselArrows.tsx'
import { MediaImage } from './MediaImage.tsx'
import {
  clampZoom,
  doubleTapZoom,
  photoAlt,
  unzoomed,
  type ViewerPhoto,
  viewerPhotos,
  type ZoomState,
  zoomAbout,
} from './photo-viewer.ts'
import './media.css'
import './photo-viewer.css'

const reducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches
/** Two taps within this long and this close are a double tap. */
const DOUBLE_TAP_MS = 300
const DOUBLE_TAP_PX = 30

interface Point {
  x: number
  y: number
}

/** Pinch (two pointers), pan (one pointer on a zoomed photo) and double tap on the current photo. */
function useZoomGestures(zoom: ZoomState, setZoom: (next: ZoomState) => void) {
  const pointers = useRef(new Map<number, Point>())
  const gesture = useRef<
    | { kind: 'pinch'; distance: number; from: ZoomState; mid: Point }
    | { kind: 'pan'; start: Point; from: ZoomState }
    | null
  >(null)
  const lastTap = useRef<{ at: number; point: Point } | null>(null)
  // The touch so far: where the first finger went down, and whether it became a drag or a pinch (then
  // lifting the fingers is no tap).
  const touchStart = useRef<Point | null>(null)
  const notATap = useRef(false)

  const boxOf = (element: HTMLElement) => {
    const rect = element.getBoundingClientRect()
    return { rect, box: { width: rect.width, height: rect.height } }
  }
  const fromCentre = (rect: DOMRect, point: Point): Point => ({
    x: point.x - (rect.left + rect.width / 2),
    y: point.y - (rect.top + rect.height / 2),
  })
  const twoPoints = () => [...pointers.current.values()] as [Point, Point]

  const onPointerDown = (event: PointerEvent<HTMLElement>) => {
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY })
    if (pointers.current.size === 1) {
      touchStart.current = { x: event.clientX, y: event.clientY }
      notATap.current = false
    } else notATap.current = true
    if (pointers.current.size === 2) {
      event.currentTarget.setPointerCapture?.(event.pointerId)
      const [a, b] = twoPoints()
      gesture.current = {
        kind: 'pinch',
        distance: Math.hypot(a.x - b.x, a.y - b.y) || 1,
        from: zoom,
        mid: { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 },
      }
    } else if (zoom.scale > 1) {
      event.currentTarget.setPointerCapture?.(event.pointerId)
      gesture.current = { kind: 'pan', start: { x: event.clientX, y: event.clientY }, from: zoom }
    }
  }

  const onPointerMove = (event: PointerEvent<HTMLElement>) => {
    if (!pointers.current.has(event.pointerId)) return
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY })
    const from = touchStart.current
    if (from && Math.hypot(event.clientX - from.x, event.clientY - from.y) > DOUBLE_TAP_PX / 3)
      notATap.current = true
    const current = gesture.current
    if (!current) return
    const { rect, box } = boxOf(event.currentTarget)
    if (current.kind === 'pinch' && pointers.current.size >= 2) {
      const [a, b] = twoPoints()
      const scale = current.from.scale * (Math.hypot(a.x - b.x, a.y - b.y) / current.distance)
      setZoom(zoomAbout(current.from, scale, fromCentre(rect, current.mid), box))
    } else if (current.kind === 'pan') {
      setZoom(
        clampZoom(
          {
            scale: current.from.scale,
            x: current.from.x + event.clientX - current.start.x,
            y: current.from.y + event.clientY - current.start.y,
          },
          box,
        ),
      )
    }
  }

  const onPointerUp = (event: PointerEvent<HTMLElement>) => {
    if (!pointers.current.delete(event.pointerId)) return
    if (gesture.current?.kind === 'pinch' || pointers.current.size === 0) gesture.current = null
    // A tap is one finger (or click) going down and up in place.
    if (pointers.current.size > 0 || notATap.current || event.type !== 'pointerup') return
    const point = { x: event.clientX, y: event.clientY }
    const last = lastTap.current
    if (
      last &&
      event.timeStamp - last.at < DOUBLE_TAP_MS &&
      Math.hypot(point.x - last.point.x, point.y - last.point.y) < DOUBLE_TAP_PX
    ) {
      lastTap.current = null
      const { rect, box } = boxOf(event.currentTarget)
      setZoom(doubleTapZoom(zoom, fromCentre(rect, point), box))
    } else lastTap.current = { at: event.timeStamp, point }
  }

  return { onPointerDown, onPointerMove, onPointerUp, onPointerCancel: onPointerUp }
}

const ignoreZoom = () => undefined

function ViewerSlide({
  photo,
  alt,
  current,
  near,
  zoom,
  setZoom,
  onExpired,
}: {
  photo: ViewerPhoto
  alt: string
  current: boolean
  /** The current photo or one beside it: loaded now, so a swipe finds it there. */
  near: boolean
  zoom: ZoomState
  setZoom: (next: ZoomState) => void
  onExpired: () => void
}) {
  const shown = current ? zoom : unzoomed
  // Every slide follows its own pointers (none is left half-pressed when it becomes the current one); only
  // the current one zooms.
  const gestures = useZoomGestures(shown, current ? setZoom : ignoreZoom)
  return (
    <div
      className="v-viewer__slide"
      aria-hidden={current ? undefined : true}
      data-zoomed={shown.scale > 1 || undefined}
      {...gestures}
    >
      <div
        className="v-viewer__zoom"
        style={{ transform: `translate(${shown.x}px, ${shown.y}px) scale(${shown.scale})` }}
      >
        <MediaImage
          images={photo.urls.images}
          width={photo.media.width}
          height={photo.media.height}
          sizes="100vw"
          fit="contain"
          alt={alt}
          eager={near}
          onFail={onExpired}
        />
      </div>
    </div>
  )
}

export interface PhotoViewerProps {
  post: Pick<Post, 'media' | 'caption' | 'author'>
  /** The photo tapped (a media id of the post). */
  startMediaId: number
  onClose: () => void
  onExpired: () => void
}

/**
 * The body of the full-screen photo viewer (the portal is PhotoViewer's): the post's photos the viewer
 * already has, side by side; swipe, the arrows or the arrow keys move between them; pinch, a double tap
 * or the zoom button zoom in (then a drag pans); Escape or the close button close it. Focus stays inside
 * and goes back to the photo tapped.
 */
export function PhotoViewerBody({ post, startMediaId, onClose, onExpired }: PhotoViewerProps) {
  const photos = viewerPhotos(post)
  const count = photos.length
  const start = Math.max(
    0,
    photos.findIndex((photo) => photo.media.media_id === startMediaId),
  )
  const [index, setIndex] = useState(start)
  const [zoom, setZoomState] = useState<ZoomState>(unzoomed)
  const ref = useRef<HTMLDivElement>(null)
  const track = useRef<HTMLDivElement>(null)
  useFocusTrap(ref, true, onClose)
  useScrollLock(true)

  const shown = Math.min(index, count - 1)
  const setZoom = useCallback((next: ZoomState) => setZoomState(next), [])
  // While the viewer scrolls to a photo itself, the scroll positions on the way are not a swipe.
  const heading = useRef<number | null>(null)
  const go = useCallback(
    (next: number, smooth = true) => {
      const element = track.current
      const target = Math.max(0, Math.min(count - 1, next))
      setZoomState(unzoomed)
      setIndex(target)
      if (!element) return
      const left = target * element.clientWidth
      if (Math.abs(element.scrollLeft - left) < 2) return
      heading.current = target
      // A swipe that interrupts the scroll is the fan's again soon after.
      window.setTimeout(() => {
        if (heading.current === target) heading.current = null
      }, 1000)
      element.scrollTo({
        left,
        behavior: smooth && !reducedMotion() ? 'smooth' : 'auto',
      })
    },
    [count],
  )
  // Opens on the photo tapped.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on opening
  useEffect(() => go(start, false), [])

  const onScroll = () => {
    const element = track.current
    if (!element || element.clientWidth === 0) return
    const next = Math.round(element.scrollLeft / element.clientWidth)
    if (heading.current !== null) {
      const arrived = Math.abs(element.scrollLeft - heading.current * element.clientWidth) < 2
      if (arrived) heading.current = null
      return
    }
    if (next !== shown) {
      setZoomState(unzoomed)
      setIndex(Math.max(0, Math.min(count - 1, next)))
    }
  }
  const toggleZoom = () => {
    const element = track.current
    const box = { width: element?.clientWidth ?? 0, height: element?.clientHeight ?? 0 }
    setZoomState((from) => doubleTapZoom(from, { x: 0, y: 0 }, box))
  }
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight' && zoom.scale === 1) go(shown + 1)
    else if (event.key === 'ArrowLeft' && zoom.scale === 1) go(shown - 1)
    else if (event.key === '+' || event.key === '=') {
      if (zoom.scale === 1) toggleZoom()
    } else if (event.key === '-') setZoomState(unzoomed)
    else return
    event.preventDefault()
  }

  if (count === 0) return null
  const zoomed = zoom.scale > 1
  return (
    <div
      ref={ref}
      role="dialog"
      aria-modal="true"
      aria-label={count > 1 ? `Photos, ${shown + 1} of ${count}` : 'Photo'}
      tabIndex={-1}
      className="v-viewer"
      onKeyDown={onKeyDown}
    >
      <div
        ref={track}
        className="v-viewer__track"
        // Scrolls sideways: focusable, so the keyboard reaches it too (WCAG scrollable regions).
        tabIndex={count > 1 ? 0 : undefined}
        data-zoomed={zoomed || undefined}
        onScroll={count > 1 ? onScroll : undefined}
      >
        {photos.map((photo, i) => (
          <ViewerSlide
            key={photo.media.media_id}
            photo={photo}
            alt={photoAlt(post, i, count)}
            current={i === shown}
            near={Math.abs(i - shown) <= 1}
            zoom={zoom}
            setZoom={setZoom}
            onExpired={onExpired}
          />
        ))}
      </div>
      <div className="v-viewer__bar">
        {count > 1 ? (
          <span className="v-viewer__counter" aria-live="polite">
            {shown + 1} / {count}
          </span>
        ) : (
          <span />
        )}
        <span className="v-viewer__tools">
          <button
            type="button"
            className="v-icon-button v-viewer__button"
            aria-label={zoomed ? 'Zoom out' : 'Zoom in'}
            onClick={toggleZoom}
          >
            {zoomed ? <ZoomOut aria-hidden="true" /> : <ZoomIn aria-hidden="true" />}
          </button>
          <button
            type="button"
            className="v-icon-button v-viewer__button"
            aria-label="Close"
            data-autofocus
            onClick={onClose}
          >
            <X aria-hidden="true" />
          </button>
        </span>
      </div>
      {count > 1 ? (
        <CarouselArrows
          index={shown}
          count={count}
          onGo={go}
          className="v-icon-button v-viewer__button v-viewer__arrow"
          noun="photo"
        />
      ) : null}
    </div>
  )
}

/** The full-screen photo viewer, over everything (a portal on the body). */
export function PhotoViewer(props: PhotoViewerProps) {
  return createPortal(<PhotoViewerBody {...props} />, document.body)
}
