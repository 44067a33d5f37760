import type { Jobs } from '../../platform/jobs.ts'
import { PAYOUT_QUEUE, type PayoutsService } from './service.ts'

/** One queue: a job per step of a withdrawal, plus a sweep each minute for steps whose job was lost. */
export async function registerPayoutJobs(boss: Jobs, payouts: PayoutsService): Promise<void> {
  await boss.createQueue(PAYOUT_QUEUE)
  await boss.schedule(PAYOUT_QUEUE, '* * * * *', {}, { tz: 'UTC' })
  await boss.work<{ payout_id?: number }>(PAYOUT_QUEUE, async (batch) => {
    for (const job of batch) {
      if (typeof job.data?.payout_id === 'number') await payouts.advance(job.data.payout_id)
      else await payouts.sweep()
    }
  })
}
