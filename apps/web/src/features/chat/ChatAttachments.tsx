import { ChatRules, ChatTexts, type MediaKind } from '@velvet/contract'
import { Film, X } from 'lucide-react'
import { useCallback, useMemo, useState } from 'react'
import { acceptFiles } from '../../lib/upload/file-rules.ts'
import type { UploadEntry } from '../../lib/upload/upload-queue.ts'
import { toast } from '../../ui/toast-store.ts'
import { uploadView, useUploadQueue } from '../publish/index.ts'

export interface Attachment {
  key: string
  kind: MediaKind
}

/** The media ids of attachments once every one is ready (null while one is on its way or failed). */
export function readyIds(items: Attachment[], uploads: ReadonlyMap<string, UploadEntry>): number[] | null {
  const ids: number[] = []
  for (const item of items) {
    const state = uploads.get(item.key)?.state
    if (state?.phase !== 'ready' || state.mediaId === null) return null
    ids.push(state.mediaId)
  }
  return ids
}

/**
 * A creator's photos and videos for the next message: picked files go up through the same resumable upload
 * queue as posts (progress, retry, a duplicate completes at once). `ready` holds their media ids once all
 * are processed.
 */
export function useAttachments(ownerId: number) {
  const { queue, uploads } = useUploadQueue(ownerId)
  const [items, setItems] = useState<Attachment[]>([])
  const add = useCallback(
    (files: File[]) => {
      if (!queue) return
      const { accepted, refused } = acceptFiles(
        files,
        ChatRules.mediaMax - items.length,
        ChatTexts.tooManyMedia,
      )
      if (refused[0]) toast.error(refused[0])
      if (accepted.length === 0) return
      const keys = queue.add(accepted)
      setItems((all) => [...all, ...keys.map((key, i) => ({ key, kind: accepted[i]?.kind ?? 'image' }))])
    },
    [queue, items.length],
  )
  const ready = useMemo(() => readyIds(items, uploads), [items, uploads])
  return {
    queue,
    uploads,
    items,
    ready,
    canAdd: queue !== null && items.length < ChatRules.mediaMax,
    add,
    remove(key: string) {
      queue?.remove(key)
      setItems((all) => all.filter((item) => item.key !== key))
    },
    /** After a send: the tiles go (the uploads stay the creator's media). */
    clear: () => setItems([]),
  }
}

export type Attachments = ReturnType<typeof useAttachments>

/** The tiles of the next message's photos and videos, with their upload progress, retry and remove. */
export function AttachmentStrip({ attachments }: { attachments: Attachments }) {
  const { items, uploads, queue } = attachments
  if (items.length === 0) return null
  return (
    <ul className="v-chat-attachments" aria-label="Photos and videos to send">
      {items.map((item, index) => {
        const state = uploads.get(item.key)?.state
        const view = state ? uploadView(state) : null
        const preview = state?.media?.preview ?? null
        const name = `${item.kind === 'video' ? 'Video' : 'Photo'} ${index + 1}`
        return (
          <li key={item.key} className="v-chat-attachment" data-failed={view?.failed || undefined}>
            {preview ? <img src={preview} alt="" className="v-chat-attachment__preview" /> : null}
            {item.kind === 'video' ? <Film aria-hidden="true" className="v-chat-attachment__kind" /> : null}
            {view?.label ? (
              <span className="v-chat-attachment__status" title={view.detail}>
                {view.label}
              </span>
            ) : null}
            {view?.canRetry ? (
              <button
                type="button"
                className="v-chat-attachment__retry"
                onClick={() => queue?.retry(item.key)}
              >
                Retry
              </button>
            ) : null}
            <button
              type="button"
              className="v-chat-attachment__remove"
              aria-label={`Remove ${name}`}
              onClick={() => attachments.remove(item.key)}
            >
              <X aria-hidden="true" />
            </button>
          </li>
        )
      })}
    </ul>
  )
}
