import { z } from 'zod'
import type { Clock } from '../../platform/clock.ts'
import { defineJob, work } from '../../platform/jobs.ts'
import type { AuthRepo } from './repo.ts'

/** Daily clean-up of expired or revoked sessions and of used or expired e-mail codes. */
export const authCleanupJob = defineJob({ name: 'auth-cleanup', payload: z.object({}), cron: '17 4 * * *' })

export function authWorkers(deps: { repo: AuthRepo; clock: Clock }) {
  return [
    work(authCleanupJob, async () => {
      // Keep a week of history for support and abuse checks.
      await deps.repo.purgeBefore(new Date(deps.clock.now().getTime() - 7 * 86_400_000))
    }),
  ]
}
