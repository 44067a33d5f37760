import { useEffect, useState } from 'react'
import { type ReadableStore, useStore } from '../../lib/store.ts'
import { createAppUploadQueue } from '../../lib/upload/app-uploads.ts'
import type { UploadEntry, UploadQueue } from '../../lib/upload/upload-queue.ts'

const EMPTY: ReadonlyMap<string, UploadEntry> = new Map()
const noUploads: ReadableStore<ReadonlyMap<string, UploadEntry>> = {
  get: () => EMPTY,
  subscribe: () => () => undefined,
}

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
  const uploads = useStore(queue ? { get: queue.snapshot, subscribe: queue.subscribe } : noUploads)
  return { queue, uploads }
}
