import { Posts } from '@velvet/contract'
import { ArrowLeft, ArrowRight, Eye, EyeOff, ImagePlus, Plus, Star, Trash2 } from 'lucide-react'
import { type DragEvent, useId, useRef, useState } from 'react'
import { BottomSheet, SheetAction } from '../../ui/BottomSheet.tsx'
import { FieldMessage } from '../../ui/FieldMessage.tsx'
import type { ComposerMedia } from './composer-rules.ts'
import { MediaTile, mediaName, type TileSource, viewOf } from './MediaTile.tsx'
import { useSortable } from './use-sortable.ts'
import '../../ui/EmptyState.css'
import '../../ui/form-kit.css'
import './media-grid.css'

export interface MediaSectionProps {
  media: ComposerMedia[]
  coverKey: string | undefined
  sourceOf(item: ComposerMedia): TileSource
  error: string | undefined
  /** False until the upload queue is there (the first render). */
  canAdd: boolean
  onAdd(files: File[]): void
  onMove(from: number, to: number): void
  onCover(key: string): void
  onFreePreview(key: string, on: boolean): void
  onRemove(key: string): void
  onPause(key: string): void
  onResume(key: string): void
  onRetry(key: string): void
  /** At most this many (a post's limit by default). */
  max?: number
  /** A message's media (mass messages): no cover, no free previews. */
  forMessage?: boolean
}

const ACCEPT = 'image/*,video/*'

function hasFiles(event: DragEvent): boolean {
  return [...event.dataTransfer.types].includes('Files')
}

/**
 * The media of the post: the picker (and files dropped on it), the tiles in display order with their upload
 * progress and controls, reordering by dragging a grip or with the keyboard, and a sheet per media to make
 * it the cover, a free preview (teaser), move it or remove it.
 */
export function MediaSection(props: MediaSectionProps) {
  const { media, coverKey, sourceOf, error, canAdd, onAdd, onMove } = props
  const max = props.max ?? Posts.mediaMax
  const forPost = !props.forMessage
  const input = useRef<HTMLInputElement>(null)
  const headingId = useId()
  const messageId = useId()
  const [openKey, setOpenKey] = useState<string | null>(null)
  const [dropping, setDropping] = useState(false)
  const keys = media.map((item) => item.key)
  const nameOf = (key: string) => {
    const index = keys.indexOf(key)
    const item = media[index]
    return item ? mediaName(item, index) : 'Media'
  }
  const sortable = useSortable({ keys, onMove, describe: nameOf })
  const full = media.length >= max

  const pick = () => input.current?.click()
  const dropProps = {
    onDragOver(event: DragEvent) {
      if (!hasFiles(event) || !canAdd) return
      event.preventDefault()
      setDropping(true)
    },
    onDragLeave() {
      setDropping(false)
    },
    onDrop(event: DragEvent) {
      if (!hasFiles(event)) return
      event.preventDefault()
      setDropping(false)
      if (canAdd) onAdd([...event.dataTransfer.files])
    },
  }

  const open = media.find((item) => item.key === openKey)
  const openIndex = open ? keys.indexOf(open.key) : -1

  return (
    <section
      className="v-compose__section"
      aria-labelledby={headingId}
      {...dropProps}
      data-dropping={dropping || undefined}
    >
      <div className="v-compose__heading">
        <h2 id={headingId} className="v-compose__title">
          Photos and videos
        </h2>
        <span className="v-compose__aside">
          {media.length} / {max}
        </span>
      </div>
      <input
        ref={input}
        type="file"
        accept={ACCEPT}
        multiple
        hidden
        onChange={(event) => {
          const files = [...(event.currentTarget.files ?? [])]
          event.currentTarget.value = ''
          if (files.length > 0) onAdd(files)
        }}
      />
      {media.length === 0 ? (
        <button
          type="button"
          className="v-compose__drop"
          onClick={pick}
          disabled={!canAdd}
          aria-describedby={error ? messageId : undefined}
          data-invalid={error ? '' : undefined}
        >
          <span className="v-empty-state__icon v-compose__drop-icon" aria-hidden="true">
            <ImagePlus />
          </span>
          <span className="v-compose__drop-title">Add photos and videos</span>
          <span className="v-compose__drop-hint">Tap to choose, or drop files here. Up to {max}.</span>
        </button>
      ) : (
        <ul
          className="v-mgrid"
          aria-label="Photos and videos in order"
          aria-describedby={error ? messageId : undefined}
        >
          {media.map((item, index) => (
            <MediaTile
              key={item.key}
              item={item}
              index={index}
              source={sourceOf(item)}
              isCover={item.key === coverKey}
              active={sortable.active === item.key}
              gripProps={sortable.gripProps(item.key)}
              onOpen={() => setOpenKey(item.key)}
              onRemove={() => props.onRemove(item.key)}
              onPause={() => props.onPause(item.key)}
              onResume={() => props.onResume(item.key)}
              onRetry={() => props.onRetry(item.key)}
            />
          ))}
          {full ? null : (
            <li className="v-mgrid__add">
              <button type="button" className="v-mgrid__add-button" onClick={pick} disabled={!canAdd}>
                <Plus aria-hidden="true" />
                <span>Add</span>
              </button>
            </li>
          )}
        </ul>
      )}
      <p className="v-visually-hidden" aria-live="polite">
        {sortable.announcement}
      </p>
      {media.length > 1 ? (
        <p className="v-compose__hint">
          {forPost
            ? 'Drag the grip to reorder. Tap a photo or video for the cover and free previews.'
            : 'Drag the grip to reorder. Tap a photo or video to move or remove it.'}
        </p>
      ) : null}
      <FieldMessage id={messageId} error={error} />

      <BottomSheet
        open={open !== undefined}
        onClose={() => setOpenKey(null)}
        title={open ? nameOf(open.key) : ''}
      >
        {open ? (
          <>
            {viewOf(sourceOf(open)).label !== null ? (
              <p className="v-compose__sheet-note">{viewOf(sourceOf(open)).detail}</p>
            ) : null}
            {forPost ? (
              <>
                <SheetAction
                  icon={<Star />}
                  label={open.key === coverKey ? 'This is the cover' : 'Use as cover'}
                  hint="The picture people see first in feeds and on your profile"
                  onClick={() => {
                    props.onCover(open.key)
                    setOpenKey(null)
                  }}
                />
                <SheetAction
                  icon={open.isFreePreview ? <EyeOff /> : <Eye />}
                  label={open.isFreePreview ? 'Remove free preview' : 'Make it a free preview'}
                  hint="A free preview is shown to everyone, even when the post is locked"
                  onClick={() => {
                    props.onFreePreview(open.key, !open.isFreePreview)
                    setOpenKey(null)
                  }}
                />
              </>
            ) : null}
            {openIndex > 0 ? (
              <SheetAction
                icon={<ArrowLeft />}
                label="Move earlier"
                onClick={() => onMove(openIndex, openIndex - 1)}
              />
            ) : null}
            {openIndex < media.length - 1 ? (
              <SheetAction
                icon={<ArrowRight />}
                label="Move later"
                onClick={() => onMove(openIndex, openIndex + 1)}
              />
            ) : null}
            <SheetAction
              icon={<Trash2 />}
              label={forPost ? 'Remove from post' : 'Remove'}
              onClick={() => {
                props.onRemove(open.key)
                setOpenKey(null)
              }}
            />
          </>
        ) : null}
      </BottomSheet>
    </section>
  )
}
