import type { UploadState } from '../../lib/upload/upload-state.ts'
import { progressOf } from '../../lib/upload/upload-state.ts'
import { abbreviateBytes } from './bytes.ts'

/** What a tile shows and offers for an upload in each phase. */
export interface UploadView {
  /** Short status under the ring ("42%", "Paused", "Processing…"); null when ready. */
  label: string | null
  /** 0..1 for the ring, or null for an open-ended wait (spinner). */
  progress: number | null
  /** A longer line for screen readers and the options sheet. */
  detail: string
  canPause: boolean
  canResume: boolean
  canRetry: boolean
  failed: boolean
}

const percent = (fraction: number) => `${Math.floor(fraction * 100)}%`

export function uploadView(state: UploadState): UploadView {
  const base = { canPause: false, canResume: false, canRetry: false, failed: false }
  const sent = `${abbreviateBytes(state.sent)} of ${abbreviateBytes(state.size)}`
  switch (state.phase) {
    case 'queued':
      return {
        ...base,
        label: 'Waiting',
        progress: null,
        detail: 'Waiting for its turn',
        canPause: state.mediaId !== null,
      }
    case 'hashing':
    case 'preparing':
      return { ...base, label: 'Preparing', progress: null, detail: 'Preparing the upload' }
    case 'uploading':
      return {
        ...base,
        label: percent(progressOf(state)),
        progress: progressOf(state),
        detail: `Uploading, ${sent}`,
        canPause: true,
      }
    case 'paused':
      return {
        ...base,
        label: 'Paused',
        progress: progressOf(state),
        detail: `Paused at ${sent}`,
        canResume: true,
      }
    case 'offline':
      return {
        ...base,
        label: 'Offline',
        progress: progressOf(state),
        detail: 'Waiting for the network to come back',
        canPause: true,
      }
    case 'processing':
      return { ...base, label: 'Processing…', progress: null, detail: 'Uploaded, processing' }
    case 'ready':
      return { ...base, label: null, progress: 1, detail: 'Ready' }
    case 'failed':
      return {
        ...base,
        label: state.retryable ? 'Stopped' : 'Failed',
        progress: null,
        detail: state.error ?? 'The upload failed.',
        canRetry: state.retryable,
        failed: true,
      }
  }
}
