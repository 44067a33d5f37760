import { Media, MediaFailure, MediaState } from '@velvet/contract'
import type { FastifyBaseLogger } from 'fastify'
import type { Clock } from '../../platform/clock.ts'
import { work } from '../../platform/jobs.ts'
import type { Processor } from './processing.ts'
import { mediaCleanupJob, mediaProcessJob } from './queues.ts'
import type { MediaRepo } from './repo.ts'
import type { UploadStaging } from './staging.ts'

export interface CleanupDeps {
  repo: MediaRepo
  staging: UploadStaging
  clock: Clock
  /** The tus server's own sweep of expired staged uploads (orphans no media points at). */
  cleanUpExpiredUploads: () => Promise<number>
  log: FastifyBaseLogger
}

/**
 * Uploads still unfinished after Media.uploadExpirySeconds: the media fails (its owner sees why) and the
 * staged bytes go. Answers how many were failed.
 */
export async function sweepStaleUploads(deps: CleanupDeps): Promise<number> {
  const before = new Date(deps.clock.now().getTime() - Media.uploadExpirySeconds * 1000)
  let failed = 0
  for (;;) {
    const stale = await deps.repo.findStaleUploads(before, 200)
    for (const row of stale) {
      if (await deps.repo.fail(row.id, MediaFailure.expired, [MediaState.Uploading])) failed += 1
      if (row.uploadId) await deps.staging.discard(row.uploadId)
    }
    if (stale.length < 200) break
  }
  await deps.cleanUpExpiredUploads().catch((error: unknown) => {
    deps.log.warn({ err: error }, 'expired upload sweep failed')
  })
  return failed
}

/** The processing worker (one media at a time per process: it is CPU bound) and the daily clean-up. */
export function mediaWorkers(deps: CleanupDeps & { processor: Processor }) {
  return [
    // Polled every half second (pg-boss's floor; its default is 2 s): a photo is ready about when its upload
    // ends, and a backlog (demo content, a creator's batch) does not wait 2 s between short jobs.
    work(
      mediaProcessJob,
      async ([job]) => {
        if (job) await deps.processor.process(job.data.media_id, job.retryCount, job.signal)
      },
      { batchSize: 1, pollingIntervalSeconds: 0.5 },
    ),
    work(mediaCleanupJob, async () => {
      const failed = await sweepStaleUploads(deps)
      if (failed > 0) deps.log.info({ failed }, 'stale uploads failed')
    }),
  ]
}
