import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import type { Db } from '../../platform/db.ts'
import type { JobSender, Jobs } from '../../platform/jobs.ts'
import type { Storage } from '../../platform/storage.ts'
import type { Clock } from '../auth/service.ts'
import { createMediaRepo } from './repo.ts'
import { createMediaService } from './service.ts'
import type { MediaService } from './types.ts'
import { createMediaSigner } from './urls.ts'

export interface MediaWiringDeps {
  db: Db
  storage: Storage
  jobs: JobSender
  clock: Clock
  /** Keys the signed media URLs. */
  secret: string
  dataDir: string
  log: FastifyBaseLogger
}

export interface MediaModule {
  service: MediaService
  register(app: FastifyInstance): Promise<void>
  /** Processing workers (run modes worker and both). */
  registerWorkers(boss: Jobs): Promise<void>
}

/**
 * The media module. Today: reading media and signing their URLs (what posts need). The upload endpoint,
 * processing workers and the serving route come with the rest of the media pipeline (issue 5).
 */
export function wireMedia(deps: MediaWiringDeps): MediaModule {
  const signer = createMediaSigner(deps.secret, () => Math.floor(deps.clock.now().getTime() / 1000))
  const service = createMediaService({ repo: createMediaRepo(deps.db), signer })
  return {
    service,
    register: async () => undefined,
    registerWorkers: async () => undefined,
  }
}
