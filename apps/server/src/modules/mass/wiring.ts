import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import type { Clock } from '../../platform/clock.ts'
import type { Db } from '../../platform/db.ts'
import type { JobSender } from '../../platform/jobs.ts'
import type { CreatorService } from '../creator/service.ts'
import type { MediaService } from '../media/types.ts'
import { createMassSender, type MassChat, massWorkers } from './jobs.ts'
import { createMassRepo } from './repo.ts'
import { registerMassRoutes } from './routes.ts'
import { createMassService } from './service.ts'

/** Mass messages: the calls, and the jobs that deliver them into chat. */
export function wireMass(deps: {
  db: Db
  chat: MassChat
  creator: Pick<CreatorService, 'assertVerifiedCreator'>
  media: Pick<MediaService, 'findOwned' | 'presentOwn'>
  jobs: JobSender
  clock: Clock
  recipientsMax: number
  publicUrl: string
  log: FastifyBaseLogger
}) {
  const repo = createMassRepo(deps.db)
  const service = createMassService({ ...deps, repo })
  const sender = createMassSender({ ...deps, repo })
  return {
    service,
    sender,
    register: (app: FastifyInstance) => registerMassRoutes(app, { mass: service }),
    /** Starting and delivering (run modes worker and both). */
    workers: massWorkers(sender),
  }
}

export type MassModule = ReturnType<typeof wireMass>
