import { createWriteStream } from 'node:fs'
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { MediaFailure, MediaState } from '@velvet/contract'
import type { FastifyBaseLogger } from 'fastify'
import type { Clock } from '../../platform/clock.ts'
import type { MediaToolPaths } from '../../platform/media-tools.ts'
import type { Storage } from '../../platform/storage.ts'
import { MEDIA_PROCESS_RETRIES } from './queues.ts'
import { type ImageRenditions, MediaRefusedError, renderImage } from './renditions.ts'
import type { MediaRepo } from './repo.ts'
import type { MediaFiles } from './schema.ts'
import { mediaFolder, originalKey } from './upload.ts'
import { renderVideo } from './video.ts'

export interface ProcessingDeps {
  repo: MediaRepo
  storage: Storage
  /** Resolved on first use: a process that never sees a video never looks for ffmpeg. */
  tools: () => MediaToolPaths
  clock: Clock
  /** Scratch space for originals fetched from S3 and for the outputs (DATA_DIR/tmp). */
  workDir: string
  log: FastifyBaseLogger
}

/** The original as a local file: in place on disk storage, else fetched into `dir`. */
async function localOriginal(storage: Storage, mediaId: number, dir: string): Promise<string> {
  const key = originalKey(mediaId)
  const inPlace = storage.localPath(key)
  if (inPlace) return inPlace
  const file = path.join(dir, 'original')
  await pipeline(await storage.read(key), createWriteStream(file))
  return file
}

/**
 * Processes one media (the `media-process` job): renditions into storage under the media's folder, then
 * state 1 with its files, size, duration and blurred preview. Idempotent: a media that is not processing
 * (already ready, failed, gone) is left alone, and a re-run overwrites the same keys. A refusal fails the
 * media with a text for its owner; anything else is thrown for the job to retry, failing on the last try.
 */
export function createProcessor(deps: ProcessingDeps) {
  const { repo, storage, log } = deps

  async function process(mediaId: number, attempt = 0, signal?: AbortSignal): Promise<void> {
    const row = await repo.findById(mediaId)
    if (!row || row.state !== MediaState.Processing) return
    await mkdir(deps.workDir, { recursive: true })
    const dir = await mkdtemp(path.join(deps.workDir, `media-${mediaId}-`))
    try {
      const out = path.join(dir, 'out')
      await mkdir(out)
      const source = await localOriginal(storage, mediaId, dir)
      let image: ImageRenditions
      let files: MediaFiles
      let durationMs: number | null = null
      if (row.kind === 'image') {
        image = await renderImage(source, out)
        files = { images: [], hls: null, mp4: null }
      } else {
        const video = await renderVideo(deps.tools(), source, out, signal)
        image = await renderImage(path.join(out, video.posterFrame), out)
        image = { ...image, width: video.width, height: video.height }
        durationMs = video.durationMs
        const key = (name: string) => `${mediaFolder(mediaId)}/${name}`
        files = {
          images: [],
          mp4: key(video.mp4),
          hls: { playlist: key(video.playlist), segments: video.segments.map(key) },
        }
      }
      files.images = image.images.map((r) => ({
        width: r.width,
        webp: `${mediaFolder(mediaId)}/${r.webp}`,
        jpeg: `${mediaFolder(mediaId)}/${r.jpeg}`,
      }))
      for (const name of await readdir(out)) {
        if (name.endsWith('.png')) continue
        await storage.putFile(`${mediaFolder(mediaId)}/${name}`, path.join(out, name), { consume: true })
      }
      await repo.complete(mediaId, {
        files,
        width: image.width,
        height: image.height,
        durationMs,
        preview: image.preview,
        readyAt: deps.clock.now(),
      })
    } catch (error) {
      if (error instanceof MediaRefusedError) {
        log.info({ mediaId, reason: error.message }, 'media refused')
        await repo.fail(mediaId, error.message, [MediaState.Processing])
        return
      }
      log.error({ err: error, mediaId, attempt }, 'media processing failed')
      if (attempt < MEDIA_PROCESS_RETRIES) throw error
      await repo.fail(mediaId, MediaFailure.failed, [MediaState.Processing])
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  }

  return { process }
}

export type Processor = ReturnType<typeof createProcessor>
