import { work } from '../../platform/jobs.ts'
import { type PayoutsService, payoutJob } from './service.ts'

/** Advances one withdrawal a step (its id), or sweeps for steps whose job was lost (no id). */
export function payoutWorkers(payouts: PayoutsService) {
  return [
    work(payoutJob, async (batch) => {
      for (const { data } of batch) {
        if (data.payout_id !== undefined) await payouts.advance(data.payout_id)
        else await payouts.sweep()
      }
    }),
  ]
}
