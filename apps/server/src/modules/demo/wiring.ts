import path from 'node:path'
import type { FastifyBaseLogger } from 'fastify'
import type { Clock } from '../../platform/clock.ts'
import type { Db } from '../../platform/db.ts'
import { type MediaToolPaths, resolveMediaTools } from '../../platform/media-tools.ts'
import type { Storage } from '../../platform/storage.ts'
import type { AuthService } from '../auth/service.ts'
import type { CreatorService } from '../creator/service.ts'
import type { MediaModule } from '../media/wiring.ts'
import type { PlanService } from '../memberships/plan-service.ts'
import type { PostsModule } from '../posts/wiring.ts'
import type { SystemService } from '../system/service.ts'
import { createDemoService, type DemoService } from './service.ts'

export interface DemoWiringDeps {
  db: Db
  /** SEED_DEMO. */
  enabled: boolean
  auth: Pick<AuthService, 'hasAnyUser' | 'createServerAccount'>
  creator: Pick<CreatorService, 'grantTrustedVerification'>
  system: Pick<SystemService, 'claimOnce'>
  plans: Pick<PlanService, 'save'>
  storage: Storage
  media: Pick<MediaModule, 'ingestFile' | 'service'>
  posts: Pick<PostsModule, 'composerAt'>
  clock: Clock
  dataDir: string
  /** FFMPEG_PATH / FFPROBE_PATH (else PATH, else the npm packages' builds). */
  mediaTools: { ffmpegPath: string | undefined; ffprobePath: string | undefined }
  log: FastifyBaseLogger
}

/** Demo content on an empty database (SEED_DEMO); main starts `seed` in the run modes with workers. */
export function wireDemo(deps: DemoWiringDeps): DemoService {
  let tools: MediaToolPaths | undefined
  return createDemoService({
    enabled: deps.enabled,
    transaction: (work) => deps.db.transaction(work),
    accounts: deps.auth,
    creators: deps.creator,
    system: deps.system,
    plans: deps.plans,
    storage: deps.storage,
    ingestFile: deps.media.ingestFile,
    media: deps.media.service,
    composerAt: deps.posts.composerAt,
    tools: () => {
      tools ??= resolveMediaTools(deps.mediaTools)
      return tools
    },
    workDir: path.join(deps.dataDir, 'tmp'),
    clock: deps.clock,
    log: deps.log,
  })
}
