import type { ImageSource } from '@velvet/contract'
import { fallbackImage, srcSetOf } from './post-rules.ts'
import './MediaImage.css'

/** The media area is the feed column: the whole width on phones, about 53vh wide beyond 430 px (spec §9). */
export const FEED_MEDIA_SIZES = '(max-width: 430px) 100vw, 53vh'

/**
 * A photo (or a video's poster) as WebP with a JPEG fallback, the browser picking the rendition for the
 * slot's width. It loads lazily, and its box is sized beforehand (no layout shift). A failed load calls
 * `onFail`: signed URLs expire after five minutes and the post is then fetched again.
 */
export function MediaImage({
  images,
  width,
  height,
  sizes = FEED_MEDIA_SIZES,
  fit = 'cover',
  alt = '',
  eager = false,
  onFail,
}: {
  images: readonly ImageSource[]
  width: number | null
  height: number | null
  sizes?: string
  fit?: 'cover' | 'contain'
  alt?: string
  /** The first media of the screen's main post: no lazy loading. */
  eager?: boolean
  onFail?: (() => void) | undefined
}) {
  const fallback = fallbackImage(images, 960)
  if (!fallback) return null
  return (
    <picture className="v-media-image">
      <source type="image/webp" srcSet={srcSetOf(images, 'webp')} sizes={sizes} />
      <img
        src={fallback.jpeg}
        srcSet={srcSetOf(images, 'jpeg')}
        sizes={sizes}
        width={width ?? undefined}
        height={height ?? undefined}
        alt={alt}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        draggable={false}
        className={`v-media-image__img v-media-image__img--${fit}`}
        onError={onFail}
      />
    </picture>
  )
}

/** The server-made blurred preview (a tiny data URL), stretched over the area: all a locked viewer gets. */
export function BlurredPreview({ preview }: { preview: string | null }) {
  if (!preview) return <span className="v-media-blur v-media-blur--empty" aria-hidden="true" />
  return <img className="v-media-blur" src={preview} alt="" aria-hidden="true" draggable={false} />
}
