import { MassRules } from '@velvet/contract'
import { useState } from 'react'
import { acceptFiles } from '../../lib/upload/file-rules.ts'
import { toast } from '../../ui/toast-store.ts'
import type { ComposerMedia } from '../publish/index.ts'
import { useUploadQueue } from '../publish/index.ts'

/** The media of the message through the publish feature's upload queue (progress, retry, duplicates). */
export function useMassMedia(ownerId: number) {
  const { queue, uploads } = useUploadQueue(ownerId)
  const [media, setMedia] = useState<ComposerMedia[]>([])
  const add = (files: File[]) => {
    if (!queue) return
    const { accepted, refused } = acceptFiles(
      files,
      MassRules.mediaMax - media.length,
      `A message has at most ${MassRules.mediaMax} photos and videos.`,
    )
    if (refused[0]) toast.error(refused[0])
    if (accepted.length === 0) return
    const keys = queue.add(accepted)
    const added = keys.map((key, i) => ({
      key,
      mediaId: null,
      kind: accepted[i]?.kind ?? 'image',
      isFreePreview: false,
    }))
    setMedia((all) => [...all, ...added])
  }
  const ids: number[] = []
  let pending = false
  for (const item of media) {
    const state = uploads.get(item.key)?.state
    if (state?.phase === 'ready' && state.mediaId !== null) ids.push(state.mediaId)
    else pending = true
  }
  return { queue, uploads, media, setMedia, add, ids, pending }
}
