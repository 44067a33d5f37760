import { useEffect, useState, useSyncExternalStore } from 'react'
import { createAppUploadQueue } from '../../lib/upload/app-uploads.ts'
import type { UploadEntry, UploadQueue } from '../../lib/upload/upload-queue.ts'

const EMPTY: ReadonlyMap<string, UploadEntry> = new Map()
const noSubscription = () => () => undefined

/**
 * The composer's upload queue: made when the composer mounts, disposed when it leaves (transfers pause and
 * can resume on a later visit). Null for the first render, before the effect made it.
 */
export function useUploadQueue(ownerId: number): {
  queue: UploadQueue | null
  uploads: ReadonlyMap<string, UploadEntry>
} {
  const [queue, setQueue] = useState<UploadQueue | null>(null)
  useEffect(() => {
    const made = createAppUploadQueue(() => String(ownerId))
    setQueue(made)
    return () => made.dispose()
  }, [ownerId])
  const uploads = useSyncExternalStore(
    queue?.subscribe ?? noSubscription,
    queue?.snapshot ?? (() => EMPTY),
    () => EMPTY,
  )
  return { queue, uploads }
}
