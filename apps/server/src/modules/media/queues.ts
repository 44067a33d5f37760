import { z } from 'zod'
import { defineJob } from '../../platform/jobs.ts'

/** Attempts of a processing job: an unexpected error (storage down, a crash) is retried before failing. */
export const MEDIA_PROCESS_RETRIES = 2

/**
 * Processing one uploaded media (renditions, previews, HLS), sent when its upload is complete. A 3-hour 4K
 * video takes a while to encode; a crashed worker's job is retried after the expiry.
 */
export const mediaProcessJob = defineJob({
  name: 'media-process',
  payload: z.object({ media_id: z.number().int().positive() }),
  queue: { retryLimit: MEDIA_PROCESS_RETRIES, retryDelay: 30, expireInSeconds: 4 * 60 * 60 },
})

/** The daily clean-up: uploads never finished fail, and their staged bytes go. */
export const mediaCleanupJob = defineJob({ name: 'media-cleanup', payload: z.object({}), cron: '41 4 * * *' })
