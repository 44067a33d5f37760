import type { Clock } from '../../platform/clock.ts'
import type { Jobs } from '../../platform/jobs.ts'
import type { AuthRepo } from './repo.ts'

export const AUTH_CLEANUP_QUEUE = 'auth-cleanup'

/** Daily clean-up of expired or revoked sessions and of used or expired e-mail codes. */
export async function registerAuthJobs(jobs: Jobs, deps: { repo: AuthRepo; clock: Clock }): Promise<void> {
  await jobs.createQueue(AUTH_CLEANUP_QUEUE)
  await jobs.schedule(AUTH_CLEANUP_QUEUE, '17 4 * * *', {}, { tz: 'UTC' })
  await jobs.work(AUTH_CLEANUP_QUEUE, async () => {
    // Keep a week of history for support and abuse checks.
    await deps.repo.purgeBefore(new Date(deps.clock.now().getTime() - 7 * 86_400_000))
  })
}
