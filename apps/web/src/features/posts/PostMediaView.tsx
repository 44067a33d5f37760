import type { Post } from '@velvet/contract'
import { Eye, Maximize2 } from 'lucide-react'
import { type CSSProperties, useCallback, useRef, useState } from 'react'
import { CarouselArrows } from './CarouselArrows.tsx'
import { LockPanel } from './LockPanel.tsx'
import { BlurredPreview } from './MediaImage.tsx'
import { OpenMedia } from './OpenMedia.tsx'
import { PhotoViewer } from './PhotoViewer.tsx'
import { mediaBoxRatio, mediaFit, type Slide, slidesOf } from './post-rules.ts'
import './media.css'

const reducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches

function SlideContent({
  slide,
  post,
  ratio,
  active,
  eager,
  onExpired,
  onView,
}: {
  slide: Slide
  post: Post
  ratio: number
  active: boolean
  eager: boolean
  onExpired: () => void
  /** Opens the full-screen viewer on this photo. */
  onView: () => void
}) {
  const { media } = slide
  if (slide.kind === 'locked' || !media.urls) {
    return (
      <>
        <BlurredPreview preview={media.preview} />
        {post.lock ? <LockPanel lock={post.lock} post={post} /> : null}
      </>
    )
  }
  const teaser = post.lock !== null && media.is_free_preview
  return (
    <>
      <BlurredPreview preview={media.preview} />
      <OpenMedia
        media={media}
        urls={media.urls}
        active={active}
        eager={eager}
        fit={mediaFit(media, ratio)}
        onExpired={onExpired}
      />
      {media.kind === 'image' ? (
        <button type="button" className="v-media__view" aria-label="View photo full screen" onClick={onView}>
          <Maximize2 aria-hidden="true" />
        </button>
      ) : null}
      {teaser ? (
        <span className="v-media__teaser">
          <Eye aria-hidden="true" />
          Free preview
        </span>
      ) : null}
    </>
  )
}

/**
 * The media of a post: one slide, or a carousel (swipe, arrows, dots and "2/5"). Its box takes the first
 * media's ratio before anything loads; locked content is only the blurred preview under the lock panel.
 * Tapping a photo the viewer has opens the full-screen photo viewer on it.
 */
export function PostMediaView({
  post,
  eager = false,
  onExpired,
}: {
  post: Post
  eager?: boolean
  onExpired: () => void
}) {
  const slides = slidesOf(post)
  const track = useRef<HTMLDivElement>(null)
  const [current, setCurrent] = useState(0)
  const [viewing, setViewing] = useState<number | null>(null)
  // One function for the viewer's life: its focus trap starts again when this changes.
  const closeViewer = useCallback(() => setViewing(null), [])
  if (slides.length === 0) return null
  const ratio = mediaBoxRatio(slides.map((slide) => slide.media))
  const count = slides.length
  const shown = Math.min(current, count - 1)
  // A carousel is a labelled region (its arrows and counter belong together); one photo is just a box.
  const Box = count > 1 ? 'section' : 'div'

  const onScroll = () => {
    const element = track.current
    if (!element || element.clientWidth === 0) return
    const index = Math.round(element.scrollLeft / element.clientWidth)
    if (index !== shown) setCurrent(Math.max(0, Math.min(count - 1, index)))
  }
  const go = (index: number) => {
    const element = track.current
    if (!element) return
    element.scrollTo({ left: index * element.clientWidth, behavior: reducedMotion() ? 'auto' : 'smooth' })
  }

  return (
    <Box
      className="v-media"
      style={{ '--media-ratio': String(ratio) } as CSSProperties}
      aria-label={count > 1 ? `${count} photos and videos` : undefined}
    >
      {/* A carousel scrolls sideways: focusable, so arrow keys scroll it too (WCAG scrollable regions). */}
      <div
        ref={track}
        className="v-media__track"
        tabIndex={count > 1 ? 0 : undefined}
        onScroll={count > 1 ? onScroll : undefined}
      >
        {slides.map((slide, index) => (
          <div key={`${slide.kind}-${slide.media.media_id}`} className="v-media__slide">
            <SlideContent
              slide={slide}
              post={post}
              ratio={ratio}
              active={index === shown}
              eager={eager && index === 0}
              onExpired={onExpired}
              onView={() => setViewing(slide.media.media_id)}
            />
          </div>
        ))}
      </div>
      {count > 1 ? (
        <>
          <span className="v-media__counter" aria-live="polite">
            <span aria-hidden="true">
              {shown + 1}/{count}
            </span>
            <span className="v-visually-hidden">
              Showing {shown + 1} of {count}
            </span>
          </span>
          <CarouselArrows index={shown} count={count} onGo={go} className="v-media__arrow" />
          <span className="v-media__dots" aria-hidden="true">
            {slides.map((slide, index) => (
              <span
                key={`${slide.kind}-${slide.media.media_id}`}
                className="v-media__dot"
                data-current={index === shown || undefined}
              />
            ))}
          </span>
        </>
      ) : null}
      {viewing !== null ? (
        <PhotoViewer post={post} startMediaId={viewing} onClose={closeViewer} onExpired={onExpired} />
      ) : null}
    </Box>
  )
}
