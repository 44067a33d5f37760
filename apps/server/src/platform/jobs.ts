import type { PGlite } from '@electric-sql/pglite'
import type { FastifyBaseLogger } from 'fastify'
import { fromPglite, PgBoss } from 'pg-boss'
import type { Database } from './db.ts'

export type Jobs = PgBoss

/**
 * pg-boss on the app's own database: the shared PGlite instance through pg-boss's adapter, or its own
 * pool on PostgreSQL. Its schema is created by pg-boss itself (under an advisory lock) on start.
 */
export async function startJobs(database: Database, log: FastifyBaseLogger): Promise<Jobs> {
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
