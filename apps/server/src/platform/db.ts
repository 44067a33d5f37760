import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { type SQL, sql } from 'drizzle-orm'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import { type PgDatabase, PgDialect, type PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'

/** The Drizzle handle every repo takes: the same type on PGlite and on PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT>
/** A transaction handle; repos accept `Db | Tx` where a caller may run them inside a transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

export type Database =
  | { kind: 'pglite'; db: Db; pglite: PGlite; close(): Promise<void> }
  | { kind: 'postgres'; db: Db; pool: pg.Pool; close(): Promise<void> }

export const migrationsFolder = path.resolve(import.meta.dirname, '../../drizzle')

/** PGlite on disk (`dir`), in memory (`dir` undefined) or PostgreSQL when `url` is set. */
export async function openDatabase(options: {
  url?: string | undefined
  dir?: string | undefined
  /** In memory: start from this PGlite data folder (a `dumpDataDir` tarball) instead of an empty one. */
  loadDataDir?: Blob | undefined
  /** An idle pooled connection failed (server restart, terminated backend): the pool replaces it. */
  onIdleError?: (error: Error) => void
}): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: 10 })
    // Without a listener, an idle client's error would crash the process (pg's documented behaviour).
    pool.on(
      'error',
      options.onIdleError ?? ((error) => console.error('database connection lost:', error.message)),
    )
    const db = drizzlePg(pool) as unknown as Db
    return { kind: 'postgres', db, pool, close: () => pool.end() }
  }
  if (options.dir) mkdirSync(path.dirname(options.dir), { recursive: true })
  const pglite = options.dir
    ? new PGlite(options.dir)
    : new PGlite(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {})
  await pglite.waitReady
  const db = drizzlePglite(pglite) as unknown as Db
  return { kind: 'pglite', db, pglite, close: () => pglite.close() }
}

/** Apply committed migrations; on PostgreSQL under an advisory lock so that several processes can start at once. */
export async function runMigrations(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(drizzlePglite(database.pglite), { migrationsFolder })
    return
  }
  const client = await database.pool.connect()
  try {
    await client.query('SELECT pg_advisory_lock(7715001)')
    await migratePg(drizzlePg(client), { migrationsFolder })
  } finally {
    await client.query('SELECT pg_advisory_unlock(7715001)').catch(() => undefined)
    client.release()
  }
}

const dialect = new PgDialect()

/**
 * Runs a raw statement as a named prepared statement: on PostgreSQL it is parsed once per connection and
 * its plan may be kept, which matters for the few large statements on hot paths (a ledger transfer is one
 * CTE; bench/ledger measured 1.4x the rate). `name` must always stand for the same SQL text: put the
 * statement's shape in it (e.g. how many rows a VALUES list has). PGlite runs it as an ordinary query.
 */
export async function executePrepared<T>(conn: Db | Tx, name: string, statement: SQL): Promise<T[]> {
  const prepared = conn._.session.prepareQuery(dialect.sqlToQuery(statement), undefined, name, false)
  return ((await prepared.execute()) as { rows: T[] }).rows
}

export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`SELECT 1`)
}

/** A unique-constraint violation (SQLSTATE 23505), also when Drizzle wraps the driver's error. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true
  }
  return false
}
