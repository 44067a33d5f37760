import type { SessionUser } from '@velvet/contract'
import type { FastifyInstance } from 'fastify'
import type { Clock } from '../../platform/clock.ts'
import type { Db } from '../../platform/db.ts'
import type { GeoLocator } from '../../platform/geoip.ts'
import type { Realtime } from '../../platform/realtime.ts'
import { presentSessionUser } from '../auth/presenters.ts'
import { createSafetyRepo } from '../safety/repo.ts'
import { registerSafetyRoutes } from '../safety/routes.ts'
import { createSafetyService } from '../safety/service.ts'
import { createProfileEvents } from '../users/events.ts'
import { createProfileRepo } from '../users/profile-repo.ts'
import { createProfileService } from '../users/profile-service.ts'
import { createSocialEvents } from './events.ts'
import { createFollowLimiter } from './follow-limiter.ts'
import { createForgetRepo } from './forget-repo.ts'
import { createListsRepo } from './lists-repo.ts'
import { createListsService } from './lists-service.ts'
import { createPeopleRepo } from './people-repo.ts'
import { createSocialRepo } from './repo.ts'
import { registerSocialRoutes } from './routes.ts'
import { createSocialService } from './service.ts'

export interface SocialWiringDeps {
  db: Db
  realtime: Pick<Realtime, 'publish'>
  geo: GeoLocator
  clock: Clock
  portraitUrl: (key: string) => string
  /** Tells a user about a new follower (the notifications module; social does not import it). */
  onFollowed?: (follower: SessionUser, followeeId: number) => void
  /** The posts module's check before a post is reported (social does not import posts). */
  assertPostReportable: (reporterId: number, postId: number, ip: string) => Promise<void>
}

/**
 * Wires the modules of profiles and the social graph, in dependency order: safety (blocked locations),
 * social (follows, blocks, reports, lists), then profiles (users module), which reads both.
 * The users module's own routes register the profile calls.
 */
export function wireSocialModules(deps: SocialWiringDeps) {
  const { db, realtime, geo, clock, portraitUrl, assertPostReportable } = deps
  const presentUser = (row: Parameters<typeof presentSessionUser>[0]) => presentSessionUser(row, portraitUrl)
  const safety = createSafetyService({ repo: createSafetyRepo(db), geo, clock })
  const socialRepo = createSocialRepo(db)
  const social = createSocialService({
    repo: socialRepo,
    people: createPeopleRepo(db),
    forget: createForgetRepo(db),
    safety,
    events: createSocialEvents(realtime, deps.onFollowed),
    limiter: createFollowLimiter(clock),
    clock,
    portraitUrl,
    presentUser,
    assertPostReportable,
  })
  const lists = createListsService({ repo: createListsRepo(db), social: socialRepo, people: social, clock })
  const profiles = createProfileService({
    repo: createProfileRepo(db),
    social,
    safety,
    events: createProfileEvents(realtime),
    clock,
    portraitUrl,
    presentUser,
  })
  return {
    safety,
    social,
    lists,
    profiles,
    register(app: FastifyInstance) {
      registerSocialRoutes(app, { social, lists })
      registerSafetyRoutes(app, { safety })
    },
  }
}

export type SocialModules = ReturnType<typeof wireSocialModules>
