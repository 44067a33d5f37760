import type { MediaUrls, PostMedia } from '@velvet/contract'
import { MediaImage } from './MediaImage.tsx'
import { VideoPlayer } from './VideoPlayer.tsx'

/**
 * One photo or video the viewer may see (its urls are signed for them): the player for a video, the
 * picture for a photo. Expired urls (five minutes) call `onExpired`, which fetches them again.
 */
export function OpenMedia({
  media,
  urls,
  active = false,
  eager = false,
  fit,
  sizes,
  onExpired,
}: {
  media: Pick<PostMedia, 'kind' | 'width' | 'height' | 'duration'>
  urls: MediaUrls
  active?: boolean
  eager?: boolean
  fit?: 'cover' | 'contain'
  sizes?: string
  onExpired: () => void
}) {
  if (media.kind === 'video')
    return (
      <VideoPlayer
        urls={urls}
        width={media.width}
        height={media.height}
        duration={media.duration}
        active={active}
        onExpired={onExpired}
      />
    )
  return (
    <MediaImage
      images={urls.images}
      width={media.width}
      height={media.height}
      fit={fit}
      sizes={sizes}
      eager={eager}
      onFail={onExpired}
    />
  )
}
