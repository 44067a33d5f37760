import { md5Plan } from '@velvet/contract'
import type { Md5Message, Md5Request } from './md5.worker.ts'
import { type ByteSource, type Md5Progress, md5OfRanges } from './md5-core.ts'

/** The fraction (0..1) of the file's planned bytes hashed so far. */
export type HashProgress = (fraction: number) => void

function fractionOf(onProgress: HashProgress | undefined): Md5Progress | undefined {
  return onProgress ? (hashed, total) => onProgress(total === 0 ? 1 : hashed / total) : undefined
}

function inWorker(file: Blob, request: Md5Request, onProgress?: HashProgress, signal?: AbortSignal) {
  return new Promise<string>((resolve, reject) => {
    const worker = new Worker(new URL('./md5.worker.ts', import.meta.url), { type: 'module' })
    const finish = () => {
      worker.terminate()
      signal?.removeEventListener('abort', onAbort)
    }
    const onAbort = () => {
      finish()
      reject(signal?.reason)
    }
    signal?.addEventListener('abort', onAbort, { once: true })
    worker.onmessage = (event: MessageEvent<Md5Message>) => {
      const message = event.data
      if (message.type === 'progress') {
        onProgress?.(message.total === 0 ? 1 : message.hashed / message.total)
        return
      }
      finish()
      if (message.type === 'done') resolve(message.md5)
      else reject(new Error(message.message))
    }
    worker.onerror = (event) => {
      finish()
      reject(new Error(event.message || `could not hash ${file instanceof File ? file.name : 'the file'}`))
    }
    worker.postMessage(request)
  })
}

/**
 * The spec §5 md5 of a file: whole up to 200 MB (2 MB chunks), sampled above (first and last 2 MB plus 8
 * slices), exactly the ranges of the contract's md5Plan so the server names the file the same way. Runs in
 * a Web Worker where there is one (the page stays smooth while a large video is read), else inline.
 */
export async function md5OfFile(
  file: Blob,
  onProgress?: HashProgress,
  signal?: AbortSignal,
): Promise<string> {
  signal?.throwIfAborted()
  const { ranges } = md5Plan(file.size)
  if (typeof Worker === 'undefined') return md5OfRanges(file, ranges, fractionOf(onProgress), signal)
  return inWorker(file, { file, ranges }, onProgress, signal)
}

/** The same md5 of any byte source, on this thread (tests, and sources a worker cannot receive). */
export function md5OfSource(source: ByteSource, onProgress?: HashProgress): Promise<string> {
  return md5OfRanges(source, md5Plan(source.size).ranges, fractionOf(onProgress))
}
