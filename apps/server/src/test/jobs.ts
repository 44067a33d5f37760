import type { JobSender } from '../platform/jobs.ts'

export interface SentJob {
  queue: string
  data: Record<string, unknown>
  startAfter?: Date
  singletonKey?: string
  id?: string
  inTransaction: boolean
}

/**
 * A JobSender for test apps that do not run the job queue: it records what modules enqueue, so a test can
 * assert it or run the handler itself. Tests of the queue itself start pg-boss (startTestApp jobs: true).
 */
export function recordingJobSender(): JobSender & { sent: SentJob[] } {
  const sent: SentJob[] = []
  return {
    sent,
    prepare: async () => undefined,
    async send(job, data, options = {}) {
      sent.push({
        queue: job.name,
        // Checked as the real sender checks it: a payload the worker would refuse fails the test here.
        data: job.payload.parse(data) as Record<string, unknown>,
        ...(options.startAfter ? { startAfter: options.startAfter } : {}),
        ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
        ...(options.id ? { id: options.id } : {}),
        inTransaction: options.tx !== undefined,
      })
    },
  }
}
