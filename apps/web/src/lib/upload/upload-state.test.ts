import { MediaState, MediaTexts, type OwnMedia } from '@velvet/contract'
import { describe, expect, it } from 'vitest'
import {
  initialUploadState,
  nextUploadState,
  progressOf,
  type UploadEvent,
  type UploadState,
} from './upload-state.ts'

function media(state: number, extra: Partial<OwnMedia> = {}): OwnMedia {
  return {
    media_id: 7,
    kind: 'image',
    state,
    error: null,
    size: 1000,
    width: null,
    height: null,
    duration: null,
    preview: null,
    urls: null,
    ...extra,
  }
}

const run = (events: UploadEvent[], from: UploadState = initialUploadState(1000)) =>
  events.reduce(nextUploadState, from)

const toSending: UploadEvent[] = [
  { type: 'hash-start' },
  { type: 'hashed' },
  { type: 'prepared', media: media(MediaState.Uploading), send: true },
  { type: 'send-start' },
]

describe('nextUploadState', () => {
  it('goes queued → hashing → preparing → queued with a media id → uploading → processing → ready', () => {
    let state = run([{ type: 'hash-start' }, { type: 'hash-progress', fraction: 0.5 }])
    expect(state).toMatchObject({ phase: 'hashing', hashed: 0.5 })
    state = run([{ type: 'hashed' }], state)
    expect(state.phase).toBe('preparing')
    state = run([{ type: 'prepared', media: media(MediaState.Uploading), send: true }], state)
    expect(state).toMatchObject({ phase: 'queued', mediaId: 7 })
    state = run([{ type: 'send-start' }, { type: 'progress', sent: 400 }], state)
    expect(state).toMatchObject({ phase: 'uploading', sent: 400 })
    state = run([{ type: 'uploaded' }], state)
    expect(state).toMatchObject({ phase: 'processing', sent: 1000 })
    state = run([{ type: 'status', media: media(MediaState.Processing) }], state)
    expect(state.phase).toBe('processing')
    state = run([{ type: 'status', media: media(MediaState.Ready, { preview: 'data:x' }) }], state)
    expect(state).toMatchObject({ phase: 'ready', media: { preview: 'data:x' } })
  })

  it('completes a duplicate at once, or waits for its processing', () => {
    const prepared = (state: number) =>
      run([
        { type: 'hash-start' },
        { type: 'hashed' },
        { type: 'prepared', media: media(state), send: false },
      ])
    expect(prepared(MediaState.Ready)).toMatchObject({ phase: 'ready', sent: 1000 })
    expect(prepared(MediaState.Processing).phase).toBe('processing')
  })

  it('pauses and resumes only a transfer, and ignores progress while paused', () => {
    const paused = run([...toSending, { type: 'progress', sent: 300 }, { type: 'pause' }])
    expect(paused.phase).toBe('paused')
    expect(run([{ type: 'progress', sent: 900 }], paused).sent).toBe(300)
    expect(run([{ type: 'resume' }], paused).phase).toBe('queued')
    const hashing = run([{ type: 'hash-start' }])
    expect(run([{ type: 'pause' }], hashing)).toBe(hashing)
  })

  it('waits offline and goes back in line when the network returns', () => {
    const offline = run([...toSending, { type: 'offline' }])
    expect(offline.phase).toBe('offline')
    expect(run([{ type: 'online' }], offline).phase).toBe('queued')
  })

  it('retries only what may work next time', () => {
    const dropped = run([...toSending, { type: 'fail', message: 'dropped', retryable: true }])
    expect(dropped).toMatchObject({ phase: 'failed', error: 'dropped' })
    expect(run([{ type: 'retry' }], dropped)).toMatchObject({ phase: 'queued', mediaId: 7, error: null })
    const refused = run([...toSending, { type: 'fail', message: 'refused', retryable: false }])
    expect(run([{ type: 'retry' }], refused)).toBe(refused)
  })

  it('fails with the server’s reason when processing fails', () => {
    const failed = run([
      ...toSending,
      { type: 'uploaded' },
      { type: 'status', media: media(MediaState.Failed, { error: 'Too many pixels.' }) },
    ])
    expect(failed).toMatchObject({ phase: 'failed', error: 'Too many pixels.', retryable: false })
    const silent = run([
      ...toSending,
      { type: 'uploaded' },
      { type: 'status', media: media(MediaState.Failed) },
    ])
    expect(silent.error).toBe(MediaTexts.processingFailed)
  })

  it('ignores events that do not apply (a second upload end, another media’s status, failing when ready)', () => {
    const processing = run([...toSending, { type: 'uploaded' }])
    expect(run([{ type: 'uploaded' }], processing)).toBe(processing)
    expect(run([{ type: 'status', media: media(MediaState.Ready, { media_id: 8 }) }], processing)).toBe(
      processing,
    )
    const ready = run([{ type: 'status', media: media(MediaState.Ready) }], processing)
    expect(run([{ type: 'fail', message: 'late', retryable: true }], ready)).toBe(ready)
  })

  it('reports one progress figure that only grows along the way', () => {
    const steps: UploadEvent[] = [
      { type: 'hash-start' },
      { type: 'hash-progress', fraction: 0.5 },
      { type: 'hashed' },
      { type: 'prepared', media: media(MediaState.Uploading), send: true },
      { type: 'send-start' },
      { type: 'progress', sent: 500 },
      { type: 'uploaded' },
    ]
    let state = initialUploadState(1000)
    let last = progressOf(state)
    for (const event of steps) {
      state = nextUploadState(state, event)
      expect(progressOf(state)).toBeGreaterThanOrEqual(last)
      last = progressOf(state)
    }
    expect(last).toBe(1)
  })
})
