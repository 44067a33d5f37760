import path from 'node:path'
import { Media } from '@velvet/contract'
import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import type { Clock } from '../../platform/clock.ts'
import type { S3Config } from '../../platform/config.ts'
import type { Db } from '../../platform/db.ts'
import type { JobSender, JobWorker } from '../../platform/jobs.ts'
import { type MediaToolPaths, resolveMediaTools } from '../../platform/media-tools.ts'
import type { Storage } from '../../platform/storage.ts'
import { createIngest, type IngestFile } from './ingest.ts'
import { mediaWorkers, sweepStaleUploads } from './jobs.ts'
import { createProcessor, type Processor } from './processing.ts'
import { createMediaRepo } from './repo.ts'
import { registerMediaRoutes } from './routes.ts'
import { registerMediaServing, registerPublicFromStorage } from './serve.ts'
import { createMediaService } from './service.ts'
import { createStaging } from './staging.ts'
import type { MediaService } from './types.ts'
import { createIntake, createUploads } from './upload.ts'
import { createMediaSigner } from './urls.ts'

export interface MediaWiringDeps {
  db: Db
  storage: Storage
  jobs: JobSender
  clock: Clock
  /** Keys the signed media URLs. */
  secret: string
  /** PUBLIC_URL (the upload endpoint answers browsers of this origin only). */
  publicUrl: string
  dataDir: string
  log: FastifyBaseLogger
  /** The bucket when media live in S3 (uploads then gather there too); undefined: local disk. */
  s3: S3Config | undefined
  /** FFMPEG_PATH / FFPROBE_PATH (else PATH, else the npm packages' builds). */
  mediaTools: { ffmpegPath: string | undefined; ffprobePath: string | undefined }
}

export interface MediaModule {
  service: MediaService
  register(app: FastifyInstance): Promise<void>
  /** Processing and clean-up workers (run modes worker and both). */
  workers: JobWorker[]
  /** The processing job's work, for tests and tools that run it in place. */
  processor: Processor
  /** The daily clean-up's work (fails stale uploads); answers how many. */
  sweepStaleUploads(): Promise<number>
  /** A file the server made itself (demo content), taken in as an upload's last chunk is. */
  ingestFile: IngestFile
}

/**
 * The media module: announcing uploads, the resumable upload endpoint, processing jobs, signed serving
 * of renditions, and the read side other modules use (MediaService).
 */
export function wireMedia(deps: MediaWiringDeps): MediaModule {
  const signer = createMediaSigner(deps.secret, () => Math.floor(deps.clock.now().getTime() / 1000))
  const repo = createMediaRepo(deps.db)
  const service = createMediaService({ repo, signer, clock: deps.clock })
  const staging = createStaging({
    s3: deps.s3,
    dataDir: deps.dataDir,
    storage: deps.storage,
    expirationMs: Media.uploadExpirySeconds * 1000,
  })
  const intake = createIntake({ repo, jobs: deps.jobs, log: deps.log })
  const uploads = createUploads({ repo, staging, intake, log: deps.log, publicUrl: deps.publicUrl })
  let tools: MediaToolPaths | undefined
  const processor = createProcessor({
    repo,
    storage: deps.storage,
    tools: () => {
      tools ??= resolveMediaTools(deps.mediaTools)
      return tools
    },
    clock: deps.clock,
    workDir: path.join(deps.dataDir, 'tmp'),
    log: deps.log,
  })
  const cleanup = {
    repo,
    staging,
    clock: deps.clock,
    cleanUpExpiredUploads: uploads.cleanUpExpired,
    log: deps.log,
  }
  return {
    service,
    processor,
    sweepStaleUploads: () => sweepStaleUploads(cleanup),
    ingestFile: createIngest({ repo, service, intake, storage: deps.storage }),
    async register(app) {
      registerMediaRoutes(app, { service })
      await uploads.register(app)
      registerMediaServing(app, { repo, storage: deps.storage, signer })
      if (deps.storage.kind !== 'disk') registerPublicFromStorage(app, deps.storage)
    },
    workers: mediaWorkers({ ...cleanup, processor }),
  }
}
