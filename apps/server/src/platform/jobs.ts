import { createHash } from 'node:crypto'
import type { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { type DrizzleTransactionLike, fromDrizzle, fromPglite, PgBoss } from 'pg-boss'
import type { Database, Tx } from './db.ts'

export type Jobs = PgBoss

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

/** What a module needs to enqueue work; the worker side registers with pg-boss directly (`Jobs`). */
export interface JobSender {
  /**
   * Enqueues a job. With `tx` it is written inside that Drizzle transaction, so it exists only if the
   * change that caused it commits (DESIGN §2). `singletonKey` keeps one queued job per key. `id` (a UUID,
   * see `jobIdOf`) makes the send idempotent: a job with that id is written once, and sending it again
   * while pg-boss keeps the job (until its deletion, 7 days after it completed by default) does nothing.
   */
  send(
    queue: string,
    data: Record<string, unknown>,
    options?: { startAfter?: Date; singletonKey?: string; id?: string; tx?: Tx },
  ): Promise<void>
  /**
   * Creates the queue (once per process) and loads it into pg-boss's queue cache. Call it before a
   * transaction that sends on the queue: on PGlite the transaction holds the only connection, so a send
   * inside it that still has to create or look up its queue waits for itself forever.
   */
  prepare(queue: string): Promise<void>
}

/** A job id (UUID-shaped) named by a key: the same key always gives the same id (idempotent sends). */
export function jobIdOf(key: string): string {
  const hex = createHash('sha256').update(key).digest('hex')
  // Version 8 (custom) and the RFC 9562 variant, so that the id is a well-formed UUID.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${((Number.parseInt(hex.slice(16, 17), 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`
}

/** Any id: looking a job up by it loads its queue into pg-boss's cache. */
const NO_JOB = '00000000-0000-0000-0000-000000000000'

/** A JobSender on pg-boss; creates each queue once on first use. */
export function pgBossSender(boss: Jobs): JobSender {
  const created = new Map<string, Promise<void>>()
  const ensureQueue = (queue: string) => {
    let ready = created.get(queue)
    if (!ready) {
      ready = (async () => {
        await boss.createQueue(queue)
        await boss.getJobById(queue, NO_JOB)
      })().catch((error: unknown) => {
        created.delete(queue)
        throw error
      })
      created.set(queue, ready)
    }
    return ready
  }
  return {
    prepare: ensureQueue,
    async send(queue, data, options = {}) {
      await ensureQueue(queue)
      await boss.send(queue, data, {
        ...(options.startAfter ? { startAfter: options.startAfter } : {}),
        ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
        ...(options.id ? { id: options.id } : {}),
        ...(options.tx ? { db: fromDrizzle(options.tx as DrizzleTransactionLike, sql) } : {}),
      })
    },
  }
}
