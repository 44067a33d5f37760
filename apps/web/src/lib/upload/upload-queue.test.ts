import { MediaState, type OwnMedia } from '@velvet/contract'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  createUploadQueue,
  type PrepareAnswer,
  type TransportCallbacks,
  type UploadQueueDeps,
} from './upload-queue.ts'

function media(id: number, state: number): OwnMedia {
  return {
    media_id: id,
    kind: 'image',
    state,
    error: null,
    size: 100,
    width: null,
    height: null,
    duration: null,
    preview: null,
    urls: null,
  }
}

interface FakeTransfer {
  mediaId: number
  callbacks: TransportCallbacks
  paused: number
  resumed: number
  cancelled: boolean
}

/** The queue's edges, faked: md5 is the file's text, prepare answers per md5, transfers are driven by hand. */
function harness(answers: Record<string, (id: number) => PrepareAnswer> = {}) {
  let nextId = 1
  const transfers: FakeTransfer[] = []
  const statusCalls: number[][] = []
  const serverState = new Map<number, number>()
  let online: (() => void) | null = null
  const deps: UploadQueueDeps = {
    hash: async (file, onProgress) => {
      onProgress(1)
      return (await file.text()).trimEnd()
    },
    prepare: async ({ md5 }) => {
      const id = nextId++
      const answer = answers[md5]?.(id) ?? {
        media: media(id, MediaState.Uploading),
        duplicate: false,
        upload_endpoint: '/fapi/upload/',
      }
      serverState.set(answer.media.media_id, answer.media.state)
      return answer
    },
    status: async (ids) => {
      statusCalls.push(ids)
      return ids.map((id) => media(id, serverState.get(id) ?? MediaState.Processing))
    },
    transport: {
      start(job, callbacks) {
        const transfer: FakeTransfer = {
          mediaId: job.mediaId,
          callbacks,
          paused: 0,
          resumed: 0,
          cancelled: false,
        }
        transfers.push(transfer)
        return {
          pause: () => void transfer.paused++,
          resume: () => void transfer.resumed++,
          cancel: () => {
            transfer.cancelled = true
          },
        }
      },
    },
    describeError: (error) => ({ message: String(error), offline: false }),
    onOnline: (listener) => {
      online = listener
      return () => {
        online = null
      }
    },
    pollDelayMs: () => 1000,
  }
  const queue = createUploadQueue(deps)
  const add = (...texts: string[]) =>
    queue.add(
      texts.map((text) => ({
        file: new Blob([text.padEnd(100)]),
        name: `${text}.jpg`,
        mime: 'image/jpeg',
        kind: 'image',
      })),
    )
  const phase = (key: string | undefined) => (key ? queue.get(key)?.state.phase : undefined)
  return { queue, add, phase, transfers, statusCalls, serverState, goOnline: () => online?.() }
}

/** Lets the queue's promises (hash, prepare) settle. */
const settle = () => vi.advanceTimersByTimeAsync(0)

describe('upload queue', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('hashes, prepares, sends two files at a time, then polls until each is ready', async () => {
    const h = harness()
    const keys = h.add('a', 'b', 'c')
    await settle()
    expect(h.transfers.map((t) => t.mediaId)).toEqual([1, 2])
    expect(keys.map(h.phase)).toEqual(['uploading', 'uploading', 'queued'])

    h.transfers[0]?.callbacks.onProgress(40)
    expect(h.queue.get(keys[0] ?? '')?.state.sent).toBe(40)
    h.transfers[0]?.callbacks.onSuccess()
    await settle()
    expect(h.transfers.map((t) => t.mediaId)).toEqual([1, 2, 3])
    expect(h.phase(keys[0])).toBe('processing')

    await vi.advanceTimersByTimeAsync(1000)
    expect(h.statusCalls).toEqual([[1]])
    expect(h.phase(keys[0])).toBe('processing')
    h.serverState.set(1, MediaState.Ready)
    await vi.advanceTimersByTimeAsync(1000)
    expect(h.phase(keys[0])).toBe('ready')
    await vi.advanceTimersByTimeAsync(5000)
    expect(h.statusCalls).toHaveLength(2)
    h.queue.dispose()
  })

  it('completes a duplicate md5 at once without sending it', async () => {
    const h = harness({
      same: (id) => ({ media: media(id, MediaState.Ready), duplicate: true, upload_endpoint: null }),
    })
    const [key] = h.add('same')
    await settle()
    expect(h.phase(key)).toBe('ready')
    expect(h.transfers).toHaveLength(0)
  })

  it('resumes a duplicate that is still being uploaded', async () => {
    const h = harness({
      half: (id) => ({ media: media(id, MediaState.Uploading), duplicate: true, upload_endpoint: null }),
    })
    const [key] = h.add('half')
    await settle()
    expect(h.phase(key)).toBe('uploading')
    expect(h.transfers).toHaveLength(1)
  })

  it('pauses and resumes the same transfer, and lets the next file use the free slot meanwhile', async () => {
    const h = harness()
    const [first] = h.add('a', 'b', 'c')
    await settle()
    h.queue.pause(first ?? '')
    await settle()
    expect(h.phase(first)).toBe('paused')
    expect(h.transfers[0]?.paused).toBe(1)
    expect(h.transfers).toHaveLength(3)
    h.transfers[2]?.callbacks.onSuccess()
    h.queue.resume(first ?? '')
    await settle()
    expect(h.phase(first)).toBe('uploading')
    expect(h.transfers[0]?.resumed).toBe(1)
    expect(h.transfers).toHaveLength(3)
    h.queue.dispose()
  })

  it('waits for the network after a drop and resumes by itself when it is back', async () => {
    const h = harness()
    const [key] = h.add('a')
    await settle()
    h.transfers[0]?.callbacks.onError({ message: 'offline', retryable: true, offline: true })
    expect(h.phase(key)).toBe('offline')
    h.goOnline()
    await settle()
    expect(h.phase(key)).toBe('uploading')
    expect(h.transfers[0]?.resumed).toBe(1)
  })

  it('retries a dropped transfer from where it was, not a refused file', async () => {
    const h = harness()
    const [dropped, refused] = h.add('a', 'b')
    await settle()
    h.transfers[0]?.callbacks.onError({ message: 'stopped', retryable: true, offline: false })
    h.transfers[1]?.callbacks.onError({ message: 'not an image', retryable: false, offline: false })
    expect(h.queue.get(refused ?? '')?.state).toMatchObject({ phase: 'failed', error: 'not an image' })
    h.queue.retry(dropped ?? '')
    h.queue.retry(refused ?? '')
    await settle()
    expect(h.phase(dropped)).toBe('uploading')
    expect(h.transfers[0]?.resumed).toBe(1)
    expect(h.phase(refused)).toBe('failed')
  })

  it('removing a file cancels its transfer and frees its slot', async () => {
    const h = harness()
    const [first] = h.add('a', 'b', 'c')
    await settle()
    h.queue.remove(first ?? '')
    await settle()
    expect(h.transfers[0]?.cancelled).toBe(true)
    expect(h.queue.get(first ?? '')).toBeUndefined()
    expect(h.transfers).toHaveLength(3)
  })

  it('shows a refused prepare on the file', async () => {
    const queue = createUploadQueue({
      hash: async () => 'x'.repeat(32),
      prepare: async () => {
        throw new Error('Only creators can upload.')
      },
      status: async () => [],
      transport: { start: () => ({ pause() {}, resume() {}, cancel() {} }) },
      describeError: (error) => ({ message: error instanceof Error ? error.message : '', offline: false }),
      onOnline: () => () => undefined,
    })
    const [key] = queue.add([{ file: new Blob(['a']), name: 'a.jpg', mime: 'image/jpeg', kind: 'image' }])
    await settle()
    expect(queue.get(key ?? '')?.state).toMatchObject({
      phase: 'failed',
      error: 'Only creators can upload.',
      retryable: false,
    })
  })

  it('follows a saved draft’s media still processing, and fails one whose upload never finished', async () => {
    const h = harness()
    h.serverState.set(40, MediaState.Processing)
    h.queue.track('media-40', { ...media(40, MediaState.Processing) })
    h.queue.track('media-41', { ...media(41, MediaState.Uploading) })
    h.queue.track('media-42', { ...media(42, MediaState.Ready) })
    expect(h.phase('media-40')).toBe('processing')
    expect(h.queue.get('media-41')?.state).toMatchObject({ phase: 'failed', retryable: false })
    expect(h.queue.get('media-42')).toBeUndefined()
    h.serverState.set(40, MediaState.Ready)
    await vi.advanceTimersByTimeAsync(1000)
    expect(h.phase('media-40')).toBe('ready')
    expect(h.transfers).toHaveLength(0)
  })
})
