import { createHash } from 'node:crypto'
import type { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import {
  type DrizzleTransactionLike,
  fromDrizzle,
  fromPglite,
  type Job,
  PgBoss,
  type QueueOptions,
  type WorkOptions,
} from 'pg-boss'
import type { z } from 'zod'
import type { Database, Tx } from './db.ts'

export type Jobs = PgBoss

/**
 * One kind of job: the name of its queue, what its payload holds (checked when it is sent and parsed when it
 * is worked), its schedule and its queue's options. Each module defines its jobs next to the code that sends
 * and works them; `registerJobs` (in the composition root) creates, schedules and works them all.
 */
export interface JobDefinition<P extends object> {
  /** The pg-boss queue's name: never renamed, queued jobs of a running deployment carry it. */
  readonly name: string
  readonly payload: z.ZodType<P>
  /** A cron expression (UTC): the queue gets a job with an empty payload at each tick (a sweep). */
  readonly cron?: string
  /** Retries, expiry...; applied when the queue is created and again at each start. */
  readonly queue?: QueueOptions
}

export function defineJob<P extends object>(definition: JobDefinition<P>): JobDefinition<P> {
  return Object.freeze({ ...definition })
}

/** The payload as the definition reads it, or an error naming the job and what is wrong. */
function payloadOf<P extends object>(job: JobDefinition<P>, data: unknown, when: 'sent' | 'worked'): P {
  const parsed = job.payload.safeParse(data ?? {})
  if (parsed.success) return parsed.data
  const problems = parsed.error.issues.map(
    (issue) => `${issue.path.join('.') || '(payload)'}: ${issue.message}`,
  )
  throw new Error(
    `job ${job.name}: refused a payload ${when === 'sent' ? 'to send' : 'to work'}: ${problems.join('; ')}`,
  )
}

/** A job handed to a worker: pg-boss's job with its payload parsed. */
export type WorkedJob<P> = Omit<Job<unknown>, 'data'> & { data: P }

/** How one kind of job is worked in this process (`work`); `registerJobs` starts it. */
export interface JobWorker {
  readonly job: JobDefinition<object>
  readonly options: WorkOptions
  handle(jobs: Job<unknown>[]): Promise<void>
}

/**
 * A worker of `job`: `handle` gets the batch pg-boss fetched (one job unless `options.batchSize` says
 * otherwise), each payload parsed; a payload that does not parse fails that batch (pg-boss retries it and
 * logs the error with the job's name).
 */
export function work<P extends object>(
  job: JobDefinition<P>,
  handle: (jobs: WorkedJob<P>[]) => Promise<void>,
  options: WorkOptions = {},
): JobWorker {
  return {
    job: job as JobDefinition<object>,
    options,
    handle: (jobs) => handle(jobs.map((one) => ({ ...one, data: payloadOf(job, one.data, 'worked') }))),
  }
}

/**
 * The one place jobs start: creates each worker's queue (with its options, updated when the queue exists),
 * schedules the cron ones (UTC) and starts the workers.
 */
export async function registerJobs(boss: Jobs, workers: readonly JobWorker[]): Promise<void> {
  for (const worker of workers) {
    const { name, queue, cron } = worker.job
    await boss.createQueue(name, queue)
    // A sender may have created the queue first, or an older release with other options.
    if (queue) await boss.updateQueue(name, queue)
    if (cron) await boss.schedule(name, cron, {}, { tz: 'UTC' })
    await boss.work(name, worker.options, (jobs: Job<unknown>[]) => worker.handle(jobs))
  }
}

/**
 * pg-boss on the app's own database: the shared PGlite instance through pg-boss's adapter, or its own
 * pool on PostgreSQL. Its schema is created by pg-boss itself (under an advisory lock) on start.
 */
export async function startJobs(database: Database, log: Pick<FastifyBaseLogger, 'error'>): Promise<Jobs> {
  const boss =
    database.kind === 'pglite'
      ? new PgBoss({ db: fromPglite(database.pglite as PGlite), backend: 'pglite' })
      : new PgBoss({ connectionString: connectionStringOf(database) })
  boss.on('error', (err: Error) => log.error({ err }, 'job queue error'))
  await boss.start()
  return boss
}

function connectionStringOf(database: Extract<Database, { kind: 'postgres' }>): string {
  const options = database.pool.options as { connectionString?: string }
  if (!options.connectionString) throw new Error('PostgreSQL pool has no connection string')
  return options.connectionString
}

/** What a module needs to enqueue work (the worker side is `work` + `registerJobs`). */
export interface JobSender {
  /**
   * Enqueues a job. With `tx` it is written inside that Drizzle transaction, so it exists only if the
   * change that caused it commits (DESIGN §2). `singletonKey` keeps one queued job per key. `id` (a UUID,
   * see `jobIdOf`) makes the send idempotent: a job with that id is written once, and sending it again
   * while pg-boss keeps the job (until its deletion, 7 days after it completed by default) does nothing.
   */
  send<P extends object>(job: JobDefinition<P>, data: P, options?: SendOptions): Promise<void>
  /**
   * Creates the queue (once per process) and loads it into pg-boss's queue cache. Call it before a
   * transaction that sends on the queue: on PGlite the transaction holds the only connection, so a send
   * inside it that still has to create or look up its queue waits for itself forever.
   */
  prepare(job: JobDefinition<object>): Promise<void>
}

export interface SendOptions {
  startAfter?: Date
  singletonKey?: string
  id?: string
  tx?: Tx
}

/** A job id (UUID-shaped) named by a key: the same key always gives the same id (idempotent sends). */
export function jobIdOf(key: string): string {
  const hex = createHash('sha256').update(key).digest('hex')
  // Version 8 (custom) and the RFC 9562 variant, so that the id is a well-formed UUID.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${((Number.parseInt(hex.slice(16, 17), 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`
}

/** Any id: looking a job up by it loads its queue into pg-boss's cache. */
const NO_JOB = '00000000-0000-0000-0000-000000000000'

/** A JobSender on pg-boss; checks each payload, creates each queue once on first use. */
export function pgBossSender(boss: Jobs): JobSender {
  const created = new Map<string, Promise<void>>()
  const ensureQueue = ({ name, queue }: JobDefinition<object>) => {
    let ready = created.get(name)
    if (!ready) {
      ready = (async () => {
        await boss.createQueue(name, queue)
        await boss.getJobById(name, NO_JOB)
      })().catch((error: unknown) => {
        created.delete(name)
        throw error
      })
      created.set(name, ready)
    }
    return ready
  }
  return {
    prepare: ensureQueue,
    async send(job, data, options = {}) {
      const payload = payloadOf(job, data, 'sent')
      await ensureQueue(job as JobDefinition<object>)
      await boss.send(job.name, payload, {
        ...(options.startAfter ? { startAfter: options.startAfter } : {}),
        ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
        ...(options.id ? { id: options.id } : {}),
        ...(options.tx ? { db: fromDrizzle(options.tx as DrizzleTransactionLike, sql) } : {}),
      })
    },
  }
}
