import { Caching } from '@velvet/contract'
import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import type { Clock } from '../../platform/clock.ts'
import type { Db } from '../../platform/db.ts'
import type { JobSender, JobWorker } from '../../platform/jobs.ts'
import type { Realtime } from '../../platform/realtime.ts'
import type { UserChanges } from '../../platform/user-changes.ts'
import type { CreatorService } from '../creator/service.ts'
import { createEntitlementsRepo } from '../entitlements/repo.ts'
import { createEntitlementService, type EntitlementService } from '../entitlements/service.ts'
import type { MediaService } from '../media/types.ts'
import type { NotificationService } from '../notifications/service.ts'
import type { SafetyService } from '../safety/service.ts'
import type { SocialService } from '../social/service.ts'
import { createAnswerCache } from './answer-cache.ts'
import { createEngagementRepo } from './engagement-repo.ts'
import { createEngagementService } from './engagement-service.ts'
import { createPublisher, postWorkers } from './jobs.ts'
import { createPostListRepo } from './list-repo.ts'
import { createPostNotices } from './notices.ts'
import { createPostPresenting } from './presenting.ts'
import { createPostsRepo } from './repo.ts'
import { registerPostRoutes } from './routes.ts'
import { createPostService, type PostService } from './service.ts'
import { createPostViewService } from './view-service.ts'

export interface PostsWiringDeps {
  db: Db
  media: MediaService
  social: SocialService
  safety: SafetyService
  creator: Pick<CreatorService, 'assertVerifiedCreator'>
  realtime: Realtime
  notifications: NotificationService
  /** Who changed lately: the first feed pages kept per viewer end with their users' changes. */
  changes: UserChanges
  jobs: JobSender
  clock: Clock
  publicUrl: string
  portraitUrl: (key: string) => string
  log: FastifyBaseLogger
}

export interface PostsModule {
  register(app: FastifyInstance): void
  /** Scheduled publishing (run modes worker and both). */
  workers: JobWorker[]
  /** Unlocks and memberships (the money issue writes them; tests too). */
  entitlements: EntitlementService
  /** For social's reportContent on a post: 404/30023 unless the reporter can see it. */
  assertReportable(reporterId: number, postId: number, ip: string): Promise<void>
  /**
   * The composer as of another clock: demo content is published at moments spread over past days, with
   * every rule and counter of a real save (a request's composer always uses the app's clock).
   */
  composerAt(clock: Clock): PostService
}

/** Posts, the home feed and entitlements; comment and mention notices. */
export function wirePosts(deps: PostsWiringDeps): PostsModule {
  const { db, media, social, safety, creator, changes, jobs, clock, publicUrl, portraitUrl, log } = deps
  const repo = createPostsRepo(db)
  const lists = createPostListRepo(db)
  const entitlements = createEntitlementService({
    repo: createEntitlementsRepo(db),
    social,
    safety,
    clock,
    changes,
  })
  const presenting = createPostPresenting({ media, portraitUrl })
  const engagementRepo = createEngagementRepo(db)
  const notices = createPostNotices({
    notifications: deps.notifications,
    repo: engagementRepo,
    portraitUrl,
    log,
  })
  const composerAt = (at: Clock) =>
    createPostService({ repo, lists, presenting, media, social, creator, jobs, clock: at, notices })
  const posts = composerAt(clock)
  const answers = (capacity: number) =>
    createAnswerCache({ changes, now: () => clock.now().getTime(), capacity })
  const cached = { feed: answers(Caching.feedPages), suggested: answers(Caching.suggestedLists) }
  const view = createPostViewService({ repo, lists, entitlements, presenting, clock, portraitUrl, cached })
  const engagement = createEngagementService({
    repo: engagementRepo,
    notices,
    posts: repo,
    view,
    social,
    clock,
    publicUrl,
    portraitUrl,
  })
  const publisher = createPublisher({ repo, social, clock, log, changes, notices })
  return {
    register: (app) => registerPostRoutes(app, { posts, view, engagement }),
    workers: postWorkers(publisher),
    entitlements,
    assertReportable: (reporterId, postId, ip) => engagement.assertReportable(reporterId, postId, ip),
    composerAt,
  }
}
