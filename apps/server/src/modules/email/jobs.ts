import { EmailTemplates } from '@velvet/contract'
import { z } from 'zod'
import { defineJob, work } from '../../platform/jobs.ts'

/** A digest waits a little after its hour ends, for messages being read right at the boundary. */
export const DIGEST_DELAY_MS = 5 * 60_000
/** An earnings summary goes out at 08:00 Pacific the morning after its day. */
export const EARNINGS_DELAY_MS = 8 * 3_600_000

const Id = z.number().int().positive()
const Ms = z.number().int().nonnegative()

/** What a job carries: enough to render the mail at send time (the texts of a notice, the window of a summary). */
export const EmailJob = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('notice'),
    user_id: Id,
    notification_id: Id,
    template: z.enum([EmailTemplates.newMember, EmailTemplates.paymentFailed, EmailTemplates.payout]),
    notify_type: z.number().int(),
    title: z.string(),
    summary: z.string(),
    target_user_id: Id.nullable(),
  }),
  z.object({ kind: z.literal('digest'), user_id: Id, from_ms: Ms, to_ms: Ms }),
  z.object({ kind: z.literal('earnings'), user_id: Id, from_ms: Ms, to_ms: Ms }),
])
export type EmailJob = z.infer<typeof EmailJob>

/**
 * The key a job (and its mail's Message-ID) is named by: one mail per notice, one digest per user and
 * hour, one summary per user and day. The job id is made from it, so sending the same job twice writes it once.
 */
export function emailJobKey(job: EmailJob): string {
  return job.kind === 'notice'
    ? `email.notice.${job.notification_id}`
    : `email.${job.kind}.${job.user_id}.${job.from_ms}`
}

/** One queue renders and sends every notification e-mail (a slow SMTP server never slows a request). */
export const emailJob = defineJob({
  name: 'email-send',
  payload: EmailJob,
  queue: { retryLimit: 5, retryDelay: 60, retryBackoff: true },
})

/** The worker: one job at a time, so a failure retries that mail alone and never resends the others. */
export function emailWorkers(deliver: (job: EmailJob) => Promise<unknown>) {
  return [
    work(
      emailJob,
      async ([job]) => {
        if (job) await deliver(job.data)
      },
      { batchSize: 1 },
    ),
  ]
}
