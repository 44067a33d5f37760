import { MediaState, MediaTexts, type OwnMedia } from '@velvet/contract'

/**
 * Where one file is on its way into a post:
 * queued (waiting for its turn to be hashed, or, with a media id, to be sent) → hashing → preparing →
 * uploading ⇄ paused / offline → processing (the server makes the renditions) → ready; or failed.
 */
export type UploadPhase =
  | 'queued'
  | 'hashing'
  | 'preparing'
  | 'uploading'
  | 'paused'
  | 'offline'
  | 'processing'
  | 'ready'
  | 'failed'

export interface UploadState {
  phase: UploadPhase
  size: number
  /** 0..1 of the md5 read. */
  hashed: number
  /** Bytes the server has accepted. */
  sent: number
  mediaId: number | null
  /** The server's view of the media, once prepared (preview and urls when processed). */
  media: OwnMedia | null
  error: string | null
  /** A failure that trying again can fix (a dropped connection), unlike a refused or broken file. */
  retryable: boolean
}

export type UploadEvent =
  | { type: 'hash-start' }
  | { type: 'hash-progress'; fraction: number }
  | { type: 'hashed' }
  /** `send`: the bytes still have to go up; otherwise the server already has them (a duplicate md5). */
  | { type: 'prepared'; media: OwnMedia; send: boolean }
  | { type: 'send-start' }
  | { type: 'progress'; sent: number }
  | { type: 'pause' }
  | { type: 'resume' }
  | { type: 'offline' }
  | { type: 'online' }
  | { type: 'uploaded' }
  | { type: 'status'; media: OwnMedia }
  | { type: 'fail'; message: string; retryable: boolean }
  | { type: 'retry' }

export function initialUploadState(size: number): UploadState {
  return {
    phase: 'queued',
    size,
    hashed: 0,
    sent: 0,
    mediaId: null,
    media: null,
    error: null,
    retryable: false,
  }
}

/** The phase a media's server state puts an upload in. */
function phaseOfMedia(media: OwnMedia): UploadPhase {
  if (media.state === MediaState.Ready) return 'ready'
  if (media.state === MediaState.Failed) return 'failed'
  return 'processing'
}

function withMedia(state: UploadState, media: OwnMedia): UploadState {
  const phase = phaseOfMedia(media)
  return {
    ...state,
    phase,
    media,
    mediaId: media.media_id,
    sent: phase === 'processing' || phase === 'ready' ? state.size : state.sent,
    error: phase === 'failed' ? (media.error ?? MediaTexts.processingFailed) : null,
    retryable: false,
  }
}

/**
 * The upload state machine: the next state for an event, or the same state object when the event does not
 * apply in this phase (a late progress report after a pause, a second "uploaded"...).
 */
export function nextUploadState(state: UploadState, event: UploadEvent): UploadState {
  const { phase } = state
  switch (event.type) {
    case 'hash-start':
      return phase === 'queued' && state.mediaId === null ? { ...state, phase: 'hashing', hashed: 0 } : state
    case 'hash-progress':
      return phase === 'hashing' ? { ...state, hashed: Math.min(1, Math.max(0, event.fraction)) } : state
    case 'hashed':
      return phase === 'hashing' ? { ...state, phase: 'preparing', hashed: 1 } : state
    case 'prepared':
      if (phase !== 'preparing') return state
      return event.send
        ? { ...state, phase: 'queued', media: event.media, mediaId: event.media.media_id }
        : withMedia(state, event.media)
    case 'send-start':
      return phase === 'queued' && state.mediaId !== null
        ? { ...state, phase: 'uploading', error: null }
        : state
    case 'progress':
      return phase === 'uploading' ? { ...state, sent: Math.min(state.size, Math.max(0, event.sent)) } : state
    case 'pause':
      return phase === 'uploading' || phase === 'offline' || (phase === 'queued' && state.mediaId !== null)
        ? { ...state, phase: 'paused' }
        : state
    case 'resume':
      return phase === 'paused' ? { ...state, phase: 'queued' } : state
    case 'offline':
      return phase === 'uploading' ? { ...state, phase: 'offline' } : state
    case 'online':
      return phase === 'offline' ? { ...state, phase: 'queued' } : state
    case 'uploaded':
      return phase === 'uploading' ? { ...state, phase: 'processing', sent: state.size } : state
    case 'status':
      if (event.media.media_id !== state.mediaId) return state
      return phase === 'processing' || phase === 'ready' ? withMedia(state, event.media) : state
    case 'fail':
      if (phase === 'ready' || phase === 'failed' || phase === 'paused') return state
      return { ...state, phase: 'failed', error: event.message, retryable: event.retryable }
    case 'retry':
      return phase === 'failed' && state.retryable
        ? { ...state, phase: 'queued', error: null, retryable: false }
        : state
  }
}

/** Whether an upload still needs attention before the post can be published (spec §5). */
export function isSettled(state: UploadState): boolean {
  return state.phase === 'ready'
}

/** One number for a progress ring: hashing is the first 5%, sending the rest up to 100%. */
export function progressOf(state: UploadState): number {
  switch (state.phase) {
    case 'queued':
      return state.mediaId === null ? 0 : 0.05 + 0.95 * (state.sent / Math.max(1, state.size))
    case 'hashing':
      return 0.05 * state.hashed
    case 'preparing':
      return 0.05
    case 'uploading':
    case 'paused':
    case 'offline':
    case 'failed':
      return 0.05 + 0.95 * (state.sent / Math.max(1, state.size))
    case 'processing':
    case 'ready':
      return 1
  }
}
