import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import pg from 'pg'
import { inject } from 'vitest'
import { type Database, openDatabase, runMigrations } from '../platform/db.ts'
import { PGLITE_TEMPLATE } from './pglite-template.ts'

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database on the
 * PostgreSQL server of DATABASE_URL (created here, dropped by `close`).
 */
export async function freshDatabase(): Promise<Database> {
  const url = process.env.DATABASE_URL
  if (!url) {
    // The database the global set-up migrated once (test/pglite-template.ts); migrating again finds
    // nothing to do, and would catch a template that fell behind the migrations.
    const template = (inject as (key: string) => string | null | undefined)(PGLITE_TEMPLATE)
    const database = await openDatabase(template ? { loadDataDir: new Blob([readFileSync(template)]) } : {})
    await runMigrations(database)
    return database
  }
  return (await migratedScratchDatabase(url)).database
}

/**
 * A new, migrated database on the PostgreSQL server of `serverUrl`, opened with `options` (a pool's limits,
 * a retry counter); closing it drops it. `url` is its address (for a client of its own, or a process).
 */
export async function migratedScratchDatabase(
  serverUrl: string,
  options: Pick<Parameters<typeof openDatabase>[0], 'pool' | 'onRetry'> = {},
): Promise<{ database: Database; url: string }> {
  const scratch = await scratchPostgresDatabase(serverUrl)
  // The drop below terminates whatever connection is still idle in the pool: expected, not a failure.
  const database = await openDatabase({ url: scratch.url, onIdleError: () => undefined, ...options })
  await runMigrations(database)
  const close = database.close
  return {
    url: scratch.url,
    database: {
      ...database,
      async close() {
        await close()
        await scratch.drop()
      },
    } as Database,
  }
}

/** A new, empty database on the PostgreSQL server of `serverUrl`; `drop` removes it. */
export async function scratchPostgresDatabase(
  serverUrl: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `velvet_test_${process.pid}_${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  const target = new URL(serverUrl)
  target.pathname = `/${name}`
  return {
    url: target.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: serverUrl })
      await cleanup.connect()
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await cleanup.end()
    },
  }
}
