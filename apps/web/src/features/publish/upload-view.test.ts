import { describe, expect, it } from 'vitest'
import { initialUploadState, type UploadState } from '../../lib/upload/upload-state.ts'
import { abbreviateBytes } from './bytes.ts'
import { uploadView } from './upload-view.ts'

const MiB = 1024 * 1024
const state = (patch: Partial<UploadState>): UploadState => ({ ...initialUploadState(10 * MiB), ...patch })

describe('uploadView', () => {
  it('offers pause while sending, resume when paused, retry only for what may work', () => {
    const sending = uploadView(state({ phase: 'uploading', mediaId: 1, sent: 5 * MiB }))
    expect(sending).toMatchObject({ label: '52%', canPause: true, canResume: false })
    expect(sending.detail).toBe('Uploading, 5 MB of 10 MB')
    expect(uploadView(state({ phase: 'paused', mediaId: 1, sent: MiB }))).toMatchObject({
      label: 'Paused',
      canResume: true,
      canPause: false,
    })
    expect(uploadView(state({ phase: 'failed', error: 'Dropped', retryable: true }))).toMatchObject({
      label: 'Stopped',
      canRetry: true,
      detail: 'Dropped',
    })
    expect(uploadView(state({ phase: 'failed', error: 'Not a photo', retryable: false }))).toMatchObject({
      label: 'Failed',
      canRetry: false,
    })
  })

  it('waits open-ended while preparing and processing, and shows nothing once ready', () => {
    expect(uploadView(state({ phase: 'hashing' }))).toMatchObject({ label: 'Preparing', progress: null })
    expect(uploadView(state({ phase: 'processing' }))).toMatchObject({ label: 'Processing…', progress: null })
    expect(uploadView(state({ phase: 'ready' })).label).toBeNull()
  })
})

describe('abbreviateBytes', () => {
  it('abbreviates sizes with one decimal under 100', () => {
    expect(abbreviateBytes(0)).toBe('0 B')
    expect(abbreviateBytes(812 * 1024)).toBe('812 KB')
    expect(abbreviateBytes(4.23 * MiB)).toBe('4.2 MB')
    expect(abbreviateBytes(1.5 * 1024 * MiB)).toBe('1.5 GB')
  })
})
