import { ErrorBody, Media } from '@velvet/contract'
import type { DetailedError, HttpRequest, Upload } from 'tus-js-client'
import type { TransportError, TransportHandle, UploadTransport } from './upload-queue.ts'

export interface TusTransportOptions {
  /** The session headers every request carries (the server authenticates uploads with them). */
  headers(): Promise<Record<string, string>>
  /** Who uploads: previous uploads are only resumed for the same account. */
  owner(): string
  /** Resolves the endpoint the server named (relative paths against the page). */
  origin?: string
  /** Words for a transfer that failed without a server message. */
  fallbackMessage: string
}

/** Waits between automatic retries of one request after a network error (then it reports the error). */
const RETRY_DELAYS_MS = [0, 1000, 3000, 5000, 10_000, 20_000]

function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false
}

/** The server's envelope message of a refused request, if it answered one. */
function serverMessage(error: DetailedError): string | null {
  try {
    const parsed = ErrorBody.safeParse(JSON.parse(error.originalResponse?.getBody() ?? ''))
    return parsed.success ? parsed.data.error.message : null
  } catch {
    return null
  }
}

/** A tus failure in the queue's terms: 4xx (but 409/423, which tus resolves by asking again) is final. */
export function describeTusError(error: Error, fallbackMessage: string): TransportError {
  const detailed = 'originalResponse' in error ? (error as DetailedError) : null
  const status = detailed?.originalResponse?.getStatus() ?? 0
  const refused = status >= 400 && status < 500 && status !== 409 && status !== 423
  if (refused && detailed) {
    return { message: serverMessage(detailed) ?? fallbackMessage, retryable: false, offline: false }
  }
  return { message: fallbackMessage, retryable: true, offline: status === 0 && isOffline() }
}

/**
 * Resumable uploads with tus-js-client (loaded with the composer, not the app): `media_id` in the metadata,
 * chunks of Media.uploadChunkBytes, automatic retries, and the upload URL remembered (localStorage) under
 * the account and the file's md5 so a reload or a dropped network resumes from the server's offset.
 */
export function createTusTransport(options: TusTransportOptions): UploadTransport {
  return {
    start(job, callbacks): TransportHandle {
      let upload: Upload | null = null
      let starting = false
      let stopped = false
      let cancelled = false

      const begin = async () => {
        const { Upload: TusUpload } = await import('tus-js-client')
        if (cancelled) return
        const origin = options.origin ?? globalThis.location?.origin
        const fingerprint = `velvet-upload:${options.owner()}:${job.md5}:${job.file.size}`
        const current = new TusUpload(job.file, {
          endpoint: origin ? new URL(job.endpoint, origin).href : job.endpoint,
          metadata: { media_id: String(job.mediaId) },
          chunkSize: Media.uploadChunkBytes,
          retryDelays: RETRY_DELAYS_MS,
          removeFingerprintOnSuccess: true,
          fingerprint: () => Promise.resolve(fingerprint),
          onBeforeRequest: async (request: HttpRequest) => {
            for (const [name, value] of Object.entries(await options.headers()))
              request.setHeader(name, value)
          },
          onProgress: (sent) => callbacks.onProgress(sent),
          onSuccess: () => callbacks.onSuccess(),
          onError: (error) => {
            if (!cancelled) callbacks.onError(describeTusError(error, options.fallbackMessage))
          },
        })
        upload = current
        // Only an upload URL made for this very media is resumed (the same file may have been announced anew).
        const previous = await current.findPreviousUploads()
        const match = previous.find((candidate) => candidate.metadata.media_id === String(job.mediaId))
        if (match) current.resumeFromPreviousUpload(match)
        if (!stopped && !cancelled) current.start()
      }

      const run = () => {
        starting = true
        begin()
          .catch((error: unknown) => {
            console.warn('upload could not start', error)
            callbacks.onError({ message: options.fallbackMessage, retryable: true, offline: isOffline() })
          })
          .finally(() => {
            starting = false
          })
      }
      run()

      return {
        pause() {
          stopped = true
          void upload?.abort(false)
        },
        resume() {
          stopped = false
          if (upload) upload.start()
          else if (!starting) run()
        },
        cancel() {
          cancelled = true
          // Terminating asks the server to drop the bytes it has; a server that cannot is fine too.
          upload?.abort(true).catch(() => undefined)
        },
      }
    },
  }
}
