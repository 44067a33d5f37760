import type { FastifyBaseLogger } from 'fastify'
import { z } from 'zod'
import type { Clock } from '../../platform/clock.ts'
import { defineJob, work } from '../../platform/jobs.ts'
import type { UserChanges } from '../../platform/user-changes.ts'
import type { SocialService } from '../social/service.ts'
import type { PostNotices } from './notices.ts'
import type { PostsRepo } from './repo.ts'

/**
 * Scheduled posts: one job per schedule (startAfter = publish_at) and a sweep every minute on the same
 * queue. The worker publishes every due post, so the post's id only says which schedule sent the job.
 */
export const publishJob = defineJob({
  name: 'post-publish',
  payload: z.object({ post_id: z.number().int().positive().optional() }),
  cron: '* * * * *',
})

export interface PublisherDeps {
  repo: PostsRepo
  social: Pick<SocialService, 'adjustContentCounts'>
  clock: Clock
  log: Pick<FastifyBaseLogger, 'info'>
  /** A published post changes its followers' cached feed pages (told after the commit). */
  changes: Pick<UserChanges, 'changed'>
  /** Mentions in the captions of the posts published (after the commit). */
  notices?: Pick<PostNotices, 'published'>
}

/**
 * Publishes every scheduled post that is due, whichever job woke it up: the post's own job, a duplicate,
 * or the sweep. The conditional update makes each post publish exactly once across workers and processes;
 * the authors' post counters move in the same transaction, by the rows this call really published.
 */
export function createPublisher({ repo, social, clock, log, changes, notices }: PublisherDeps) {
  return {
    async publishDue(): Promise<number> {
      const published = await repo.transaction(async (tx) => {
        const rows = await repo.publishDue(clock.now(), tx)
        const perAuthor = new Map<number, number>()
        for (const row of rows) perAuthor.set(row.authorId, (perAuthor.get(row.authorId) ?? 0) + 1)
        // Counter rows in id order, like every other counter change (no deadlock between workers).
        for (const [authorId, n] of [...perAuthor].sort(([a], [b]) => a - b)) {
          await social.adjustContentCounts(authorId, { posts: n }, tx)
        }
        return rows
      })
      for (const authorId of new Set(published.map((row) => row.authorId))) changes.changed(authorId)
      if (published.length > 0)
        log.info({ posts: published.map((row) => row.id) }, 'scheduled posts published')
      for (const row of published) await notices?.published(row)
      return published.length
    },
  }
}

export type Publisher = ReturnType<typeof createPublisher>

export function postWorkers(publisher: Publisher) {
  // The sweep (every minute) catches a post whose job was lost or ran early (clock skew between processes).
  return [
    work(publishJob, async () => {
      await publisher.publishDue()
    }),
  ]
}
