import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import type { AppServices } from '../../app.ts'
import type { Db } from '../../platform/db.ts'
import type { JobSender, Jobs } from '../../platform/jobs.ts'
import type { Clock } from '../auth/service.ts'
import type { MediaService } from '../media/types.ts'

export interface PostsWiringDeps {
  db: Db
  media: MediaService
  social: AppServices['social']
  safety: AppServices['safety']
  creator: AppServices['creator']
  realtime: AppServices['realtime']
  notifications: AppServices['notifications']
  jobs: JobSender
  clock: Clock
  publicUrl: string
  portraitUrl: (key: string) => string
  log: FastifyBaseLogger
}

export interface PostsModule {
  register(app: FastifyInstance): void
  /** Scheduled publishing (run modes worker and both). */
  registerWorkers(boss: Jobs): Promise<void>
}

/** SKELETON (registers nothing): posts, feed and entitlements of issue 5 replace it. */
export function wirePosts(_deps: PostsWiringDeps): PostsModule {
  return { register: () => undefined, registerWorkers: async () => undefined }
}
