/// <reference lib="webworker" />
import { md5OfRanges, type Range } from './md5-core.ts'

/** The request the page sends: the file and the ranges md5Plan named (the plan stays on the page). */
export interface Md5Request {
  file: Blob
  ranges: Range[]
}

export type Md5Message =
  | { type: 'progress'; hashed: number; total: number }
  | { type: 'done'; md5: string }
  | { type: 'error'; message: string }

declare const self: DedicatedWorkerGlobalScope

/** Hashes one file off the main thread, so picking a 4 GB video never stutters the composer. */
self.onmessage = async (event: MessageEvent<Md5Request>) => {
  const post = (message: Md5Message) => self.postMessage(message)
  const { file, ranges } = event.data
  let lastReport = 0
  try {
    const md5 = await md5OfRanges(file, ranges, (hashed, total) => {
      // Every 2 MB chunk would be up to 2,048 messages for a large file: report at most every 1%.
      if (hashed === total || hashed - lastReport >= total / 100) {
        lastReport = hashed
        post({ type: 'progress', hashed, total })
      }
    })
    post({ type: 'done', md5 })
  } catch (error) {
    post({ type: 'error', message: error instanceof Error ? error.message : String(error) })
  }
}
