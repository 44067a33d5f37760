import type { PostMedia } from '@velvet/contract'
import { Eye, Film, GripVertical, ImageOff, Pause, Play, RotateCw, Star, X } from 'lucide-react'
import { type HTMLAttributes, useState } from 'react'
import type { UploadEntry } from '../../lib/upload/upload-queue.ts'
import { useObjectUrl } from '../../lib/use-object-url.ts'
import { durationText } from '../posts/index.ts'
import type { ComposerMedia } from './composer-rules.ts'
import { type UploadView, uploadView } from './upload-view.ts'
import { SORT_KEY_ATTRIBUTE } from './use-sortable.ts'

export interface TileSource {
  upload: UploadEntry | undefined
  saved: PostMedia | undefined
}

/** "Photo 2", "Video 3": how a media is named to the creator and to screen readers. */
export function mediaName(item: Pick<ComposerMedia, 'kind'>, index: number): string {
  return `${item.kind === 'video' ? 'Video' : 'Photo'} ${index + 1}`
}

/** The view of a media that is not (or no longer) uploading here: ready, unless the server says otherwise. */
export function viewOf(source: TileSource): UploadView {
  if (source.upload) return uploadView(source.upload.state)
  return {
    label: null,
    progress: 1,
    detail: 'Ready',
    canPause: false,
    canResume: false,
    canRetry: false,
    failed: false,
  }
}

/** The picture of a tile: the local file while it is here, else the server's smallest rendition or preview. */
function Thumb({ item, source }: { item: ComposerMedia; source: TileSource }) {
  const local = useObjectUrl(source.upload?.file ?? null)
  const [broken, setBroken] = useState(false)
  const media = source.upload?.state.media
  const server = source.saved?.urls?.images[0]?.webp ?? media?.urls?.images[0]?.webp ?? null
  const preview = source.saved?.preview ?? media?.preview ?? null
  if (local && item.kind === 'video' && !broken) {
    return (
      <video
        className="v-mtile__media"
        src={`${local}#t=0.1`}
        muted
        playsInline
        preload="metadata"
        tabIndex={-1}
        aria-hidden="true"
        onError={() => setBroken(true)}
      />
    )
  }
  // A local file the browser cannot show (HEIC on most desktops) falls back to the server's picture.
  const src = (!broken && local && item.kind === 'image' ? local : null) ?? server ?? preview
  if (src) {
    return (
      <img className="v-mtile__media" src={src} alt="" draggable={false} onError={() => setBroken(true)} />
    )
  }
  return (
    <span className="v-mtile__placeholder" aria-hidden="true">
      {item.kind === 'video' ? <Film /> : <ImageOff />}
    </span>
  )
}

const RING_RADIUS = 20
const RING_LENGTH = 2 * Math.PI * RING_RADIUS

function Ring({ progress }: { progress: number | null }) {
  return (
    <svg
      className="v-mtile__ring"
      viewBox="0 0 48 48"
      aria-hidden="true"
      data-spinning={progress === null || undefined}
    >
      <circle className="v-mtile__ring-track" cx="24" cy="24" r={RING_RADIUS} />
      <circle
        className="v-mtile__ring-value"
        cx="24"
        cy="24"
        r={RING_RADIUS}
        strokeDasharray={RING_LENGTH}
        strokeDashoffset={RING_LENGTH * (1 - (progress ?? 0.25))}
      />
    </svg>
  )
}

export interface MediaTileProps {
  item: ComposerMedia
  index: number
  source: TileSource
  isCover: boolean
  active: boolean
  gripProps: HTMLAttributes<HTMLButtonElement> & { 'aria-pressed': boolean }
  onOpen(): void
  onRemove(): void
  onPause(): void
  onResume(): void
  onRetry(): void
}

/** One photo or video of the composer: picture, upload progress with its control, badges, remove and grip. */
export function MediaTile({
  item,
  index,
  source,
  isCover,
  active,
  gripProps,
  onOpen,
  onRemove,
  onPause,
  onResume,
  onRetry,
}: MediaTileProps) {
  const name = mediaName(item, index)
  const view = viewOf(source)
  const duration = source.saved?.duration ?? source.upload?.state.media?.duration ?? null
  const control = view.canPause
    ? { label: `Pause ${name}`, icon: <Pause />, run: onPause }
    : view.canResume
      ? { label: `Resume ${name}`, icon: <Play />, run: onResume }
      : view.canRetry
        ? { label: `Retry ${name}`, icon: <RotateCw />, run: onRetry }
        : null
  const badges = [isCover ? 'cover' : null, item.isFreePreview ? 'free preview' : null].filter(Boolean)

  return (
    <li
      className="v-mtile"
      {...{ [SORT_KEY_ATTRIBUTE]: item.key }}
      data-active={active || undefined}
      data-failed={view.failed || undefined}
    >
      <button
        type="button"
        className="v-mtile__open"
        onClick={onOpen}
        aria-label={`${name}${badges.length ? `, ${badges.join(', ')}` : ''}. ${view.detail}. Options`}
      >
        <Thumb item={item} source={source} />
      </button>

      {view.label !== null ? (
        <div className="v-mtile__status">
          {view.failed ? null : <Ring progress={view.progress} />}
          {control ? (
            <button
              type="button"
              className="v-icon-button v-icon-button--on-media v-mtile__control"
              aria-label={control.label}
              onClick={control.run}
            >
              {control.icon}
            </button>
          ) : null}
          <span className="v-mtile__label" aria-hidden="true">
            {view.label}
          </span>
        </div>
      ) : null}

      <span className="v-mtile__badges" aria-hidden="true">
        {isCover ? (
          <span className="v-mtile__badge v-mtile__badge--cover">
            <Star /> Cover
          </span>
        ) : null}
        {item.isFreePreview ? (
          <span className="v-mtile__badge">
            <Eye /> Free
          </span>
        ) : null}
      </span>
      {duration !== null && view.label === null ? (
        <span className="v-mtile__duration" aria-hidden="true">
          {durationText(duration)}
        </span>
      ) : null}

      <button type="button" className="v-mtile__remove" aria-label={`Remove ${name}`} onClick={onRemove}>
        <X aria-hidden="true" />
      </button>
      <button type="button" className="v-mtile__grip" aria-label={`Move ${name}`} {...gripProps}>
        <GripVertical aria-hidden="true" />
      </button>
    </li>
  )
}
