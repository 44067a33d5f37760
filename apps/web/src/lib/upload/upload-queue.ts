import { type MediaKind, MediaState, MediaTexts, type OwnMedia, UPLOAD_ENDPOINT } from '@velvet/contract'
import { createStore } from '../store.ts'
import type { HashProgress } from './md5.ts'
import { initialUploadState, nextUploadState, type UploadEvent, type UploadState } from './upload-state.ts'

/** What prepareUpload answers (contract calls/media.ts). */
export interface PrepareAnswer {
  media: OwnMedia
  duplicate: boolean
  upload_endpoint: string | null
}

/** Why a transport stopped: `offline` waits for the network, `retryable` may be tried again by hand. */
export interface TransportError {
  message: string
  retryable: boolean
  offline: boolean
}

export interface TransportCallbacks {
  onProgress(sent: number): void
  onSuccess(): void
  onError(error: TransportError): void
}

/** One file's resumable transfer: paused keeps the server's bytes; cancel discards them. */
export interface TransportHandle {
  pause(): void
  resume(): void
  cancel(): void
}

export interface UploadTransport {
  start(
    job: { file: Blob; endpoint: string; mediaId: number; md5: string },
    callbacks: TransportCallbacks,
  ): TransportHandle
}

/** A failed call as the queue needs it: its words, and whether the network (not the file) was the cause. */
export interface CallFailure {
  message: string
  offline: boolean
}

export interface UploadQueueDeps {
  hash(file: Blob, onProgress: HashProgress, signal: AbortSignal): Promise<string>
  prepare(input: { md5: string; size: number; mime: string; name: string }): Promise<PrepareAnswer>
  status(ids: number[]): Promise<OwnMedia[]>
  transport: UploadTransport
  describeError(error: unknown): CallFailure
  /** Subscribes to the browser coming back online; returns the unsubscribe. */
  onOnline(listener: () => void): () => void
  /** Delay before the next processing poll, by how many polls were made already. */
  pollDelayMs?(round: number): number
  /** Files sent at the same time (the rest wait their turn; API calls keep a connection free). */
  parallelUploads?: number
}

export interface UploadFile {
  /** Null for a media followed here but uploaded before (a saved draft's media still processing). */
  file: Blob | null
  name: string
  mime: string
  kind: MediaKind
}

export interface UploadEntry extends UploadFile {
  key: string
  state: UploadState
}

const MAX_STATUS_IDS = 50
const defaultPollDelay = (round: number) => Math.min(4000, 1000 + round * 500)

/**
 * The upload queue of one composer: per file the md5 (one file at a time, in a worker), prepareUpload (a
 * duplicate completes at once), the resumable transfer (a few files at a time; pause, resume, retry, cancel;
 * a dropped network resumes by itself when it comes back) and then polling mediaStatus until each media is
 * ready or failed. State changes go through nextUploadState; React reads it with useStore (lib/store.ts).
 */
export function createUploadQueue(deps: UploadQueueDeps) {
  const parallel = deps.parallelUploads ?? 2
  const pollDelay = deps.pollDelayMs ?? defaultPollDelay
  const entries = createStore<ReadonlyMap<string, UploadEntry>>(new Map())
  const md5s = new Map<string, string>()
  const endpoints = new Map<string, string>()
  const handles = new Map<string, TransportHandle>()
  const hashing = new Map<string, AbortController>()
  /** The unsubscribes of the current listeners, so that dispose can drop them all. */
  const subscriptions = new Set<() => void>()
  let nextKey = 1
  let pollTimer: ReturnType<typeof setTimeout> | null = null
  let pollRound = 0
  let disposed = false

  function dispatch(key: string, event: UploadEvent): UploadState | null {
    const entry = entries.get().get(key)
    if (!entry) return null
    const state = nextUploadState(entry.state, event)
    if (state !== entry.state) {
      const next = new Map(entries.get())
      next.set(key, { ...entry, state })
      entries.set(next)
    }
    return state
  }

  const inPhase = (phase: UploadState['phase']) =>
    [...entries.get().values()].filter((e) => e.state.phase === phase)

  /** Starts whatever may start: the next hash, uploads up to the limit, the processing poll. */
  function pump() {
    if (disposed) return
    const waiting = inPhase('queued')
    if (inPhase('hashing').length === 0 && inPhase('preparing').length === 0) {
      const next = waiting.find((entry) => entry.state.mediaId === null)
      if (next) void hashAndPrepare(next)
    }
    let free = parallel - inPhase('uploading').length
    for (const entry of waiting) {
      if (free <= 0) break
      if (entry.state.mediaId === null) continue
      free--
      send(entry)
    }
    if (inPhase('processing').length > 0) schedulePoll()
  }

  async function hashAndPrepare(entry: UploadEntry) {
    const { key, file } = entry
    if (!file) return
    let md5 = md5s.get(key)
    if (!md5) {
      dispatch(key, { type: 'hash-start' })
      const controller = new AbortController()
      hashing.set(key, controller)
      try {
        md5 = await deps.hash(
          file,
          (fraction) => dispatch(key, { type: 'hash-progress', fraction }),
          controller.signal,
        )
        md5s.set(key, md5)
      } catch (error) {
        if (!controller.signal.aborted) {
          console.warn('could not hash a file', error)
          dispatch(key, { type: 'fail', message: MediaTexts.unreadable, retryable: true })
        }
        pump()
        return
      } finally {
        hashing.delete(key)
      }
    } else {
      dispatch(key, { type: 'hash-start' })
    }
    if (dispatch(key, { type: 'hashed' })?.phase !== 'preparing') return pump()
    try {
      const answer = await deps.prepare({ md5, size: file.size, mime: entry.mime, name: entry.name })
      // A duplicate still being uploaded (another tab, an earlier visit) is resumed like a new one.
      const send = !answer.duplicate || answer.media.state === MediaState.Uploading
      endpoints.set(key, answer.upload_endpoint ?? UPLOAD_ENDPOINT)
      dispatch(key, { type: 'prepared', media: answer.media, send })
    } catch (error) {
      const failure = deps.describeError(error)
      dispatch(key, { type: 'fail', message: failure.message, retryable: failure.offline })
    }
    pump()
  }

  function send(entry: UploadEntry) {
    const { key } = entry
    if (dispatch(key, { type: 'send-start' })?.phase !== 'uploading') return
    const existing = handles.get(key)
    if (existing) {
      existing.resume()
      return
    }
    const md5 = md5s.get(key)
    const mediaId = entry.state.mediaId
    if (!md5 || mediaId === null || !entry.file) return
    const handle = deps.transport.start(
      { file: entry.file, endpoint: endpoints.get(key) ?? UPLOAD_ENDPOINT, mediaId, md5 },
      {
        onProgress: (sent) => dispatch(key, { type: 'progress', sent }),
        onSuccess: () => {
          handles.delete(key)
          dispatch(key, { type: 'uploaded' })
          pollRound = 0
          pump()
        },
        onError: (error) => {
          if (error.offline) dispatch(key, { type: 'offline' })
          else {
            // A refused transfer starts afresh on retry; a dropped one resumes where the server stopped.
            if (!error.retryable) handles.delete(key)
            dispatch(key, { type: 'fail', message: error.message, retryable: error.retryable })
          }
          pump()
        },
      },
    )
    handles.set(key, handle)
  }

  function schedulePoll() {
    if (pollTimer !== null || disposed) return
    pollTimer = setTimeout(() => {
      pollTimer = null
      void poll()
    }, pollDelay(pollRound))
  }

  async function poll() {
    const waiting = inPhase('processing')
    const ids = [...new Set(waiting.map((e) => e.state.mediaId).filter((id) => id !== null))]
    if (ids.length === 0) return
    pollRound++
    try {
      for (let i = 0; i < ids.length; i += MAX_STATUS_IDS) {
        const list = await deps.status(ids.slice(i, i + MAX_STATUS_IDS))
        for (const media of list) {
          for (const entry of waiting) {
            if (entry.state.mediaId === media.media_id) dispatch(entry.key, { type: 'status', media })
          }
        }
      }
    } catch {
      // A failed poll (offline, a hiccup) is simply tried again at the next round.
    }
    pump()
  }

  const stopOnline = deps.onOnline(() => {
    for (const entry of inPhase('offline')) dispatch(entry.key, { type: 'online' })
    pump()
  })

  return {
    /** Adds checked files; each gets a key the composer keeps in its order. */
    add(files: readonly UploadFile[]): string[] {
      const next = new Map(entries.get())
      const keys = files.map((file) => {
        const key = `upload-${nextKey++}`
        next.set(key, { ...file, key, state: initialUploadState(file.file?.size ?? 0) })
        return key
      })
      entries.set(next)
      pump()
      return keys
    },
    /**
     * Follows a media uploaded earlier (a reopened draft): processing ones are polled until ready; one whose
     * upload never finished cannot be resumed without its file and is shown as failed.
     */
    track(key: string, media: OwnMedia) {
      if (entries.get().has(key) || media.state === MediaState.Ready) return
      let state: UploadState = {
        ...initialUploadState(media.size),
        phase: 'processing',
        mediaId: media.media_id,
      }
      state =
        media.state === MediaState.Uploading
          ? { ...state, phase: 'failed', error: MediaTexts.unfinished, retryable: false }
          : nextUploadState(state, { type: 'status', media })
      const next = new Map(entries.get())
      next.set(key, { key, file: null, name: '', mime: '', kind: media.kind, state })
      entries.set(next)
      pump()
    },
    pause(key: string) {
      const before = entries.get().get(key)?.state.phase
      if (dispatch(key, { type: 'pause' })?.phase === 'paused' && before === 'uploading') {
        handles.get(key)?.pause()
      }
      pump()
    },
    resume(key: string) {
      dispatch(key, { type: 'resume' })
      pump()
    },
    retry(key: string) {
      dispatch(key, { type: 'retry' })
      pump()
    },
    /** Takes a file out: its hash stops, its transfer is discarded on the server. */
    remove(key: string) {
      hashing.get(key)?.abort()
      handles.get(key)?.cancel()
      handles.delete(key)
      md5s.delete(key)
      endpoints.delete(key)
      const next = new Map(entries.get())
      next.delete(key)
      entries.set(next)
      pump()
    },
    get: (key: string): UploadEntry | undefined => entries.get().get(key),
    snapshot: entries.get,
    subscribe(listener: () => void): () => void {
      const unsubscribe = entries.subscribe(listener)
      subscriptions.add(unsubscribe)
      return () => {
        subscriptions.delete(unsubscribe)
        unsubscribe()
      }
    },
    /** Leaving the composer: transfers pause (the server keeps what it has, a later visit resumes). */
    dispose() {
      disposed = true
      stopOnline()
      if (pollTimer !== null) clearTimeout(pollTimer)
      for (const controller of hashing.values()) controller.abort()
      for (const handle of handles.values()) handle.pause()
      for (const unsubscribe of subscriptions) unsubscribe()
      subscriptions.clear()
    },
  }
}

export type UploadQueue = ReturnType<typeof createUploadQueue>
