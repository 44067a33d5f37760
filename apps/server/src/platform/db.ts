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

/**
 * The PostgreSQL pool of one process and the limits every statement runs under (config: DB_POOL_MAX,
 * DB_POOL_WAIT_MS, DB_STATEMENT_TIMEOUT_MS, DB_LOCK_TIMEOUT_MS, DB_IDLE_IN_TRANSACTION_TIMEOUT_MS, whose
 * defaults are in config.ts). A wait past its limit fails the call with "busy, try again" (1020, HTTP 503)
 * instead of holding it and every call queued behind it. 0 turns a limit off.
 */
export interface PoolSettings {
  /** Connections of this process (pg-boss keeps its own few beside them). */
  max: number
  /** How long a query waits for a free connection (or for a new one to connect). */
  waitMs: number
  /** PostgreSQL statement_timeout: the longest one statement may run. */
  statementTimeoutMs: number
  /** PostgreSQL lock_timeout: the longest a statement waits for a row (or advisory) lock. */
  lockTimeoutMs: number
  /** PostgreSQL idle_in_transaction_session_timeout: a transaction left open and idle is ended. */
  idleInTransactionTimeoutMs: number
}

/**
 * What a database opened without settings gets (tests, benchmarks, scripts): ten connections and no limits,
 * so a benchmark's seeding statement or a test's long transaction is not cut short. Servers take theirs from
 * the configuration.
 */
export const UNLIMITED_POOL: Readonly<PoolSettings> = Object.freeze({
  max: 10,
  waitMs: 0,
  statementTimeoutMs: 0,
  lockTimeoutMs: 0,
  idleInTransactionTimeoutMs: 0,
})

/** PGlite on disk (`dir`), in memory (`dir` undefined) or PostgreSQL when `url` is set. */
export async function openDatabase(options: {
  url?: string | undefined
  dir?: string | undefined
  /** In memory: start from this PGlite data folder (a `dumpDataDir` tarball) instead of an empty one. */
  loadDataDir?: Blob | undefined
  /** PostgreSQL: the pool's size and limits (UNLIMITED_POOL for what is not given). */
  pool?: Partial<PoolSettings>
  /** An idle pooled connection failed (server restart, terminated backend): the pool replaces it. */
  onIdleError?: (error: Error) => void
  /** A transaction PostgreSQL gave up (deadlock, serialization failure) is being run again. */
  onRetry?: (error: unknown) => void
}): Promise<Database> {
  if (options.url) {
    const limits = { ...UNLIMITED_POOL, ...options.pool }
    const pool = new pg.Pool({
      connectionString: options.url,
      max: limits.max,
      connectionTimeoutMillis: limits.waitMs,
      // pg sends a setting only when it is not 0, so 0 leaves the server's own (none by default).
      statement_timeout: limits.statementTimeoutMs,
      lock_timeout: limits.lockTimeoutMs,
      idle_in_transaction_session_timeout: limits.idleInTransactionTimeoutMs,
    })
    // Without a listener, an idle client's error would crash the process (pg's documented behaviour).
    pool.on(
      'error',
      options.onIdleError ?? ((error) => console.error('database connection lost:', error.message)),
    )
    const db = retryConflicts(ownTransactions(drizzlePg(pool) as unknown as Db, pool), options.onRetry)
    pools.set(db, pool)
    return { kind: 'postgres', db, pool, close: () => pool.end() }
  }
  if (options.dir) mkdirSync(path.dirname(options.dir), { recursive: true })
  const pglite = options.dir
    ? new PGlite(options.dir)
    : new PGlite(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {})
  await pglite.waitReady
  const db = retryConflicts(drizzlePglite(pglite) as unknown as Db, options.onRetry)
  return { kind: 'pglite', db, pglite, close: () => pglite.close() }
}

/**
 * Every transaction (`db.transaction`, whichever module runs it) that PostgreSQL gives up with a deadlock
 * or a serialization failure (SQLSTATE 40P01, 40001) runs once more, from the start: the first try was
 * rolled back whole, and the other transaction has usually finished by then. Rows of two users are locked
 * in one fixed order, so this is the rare case, not the way crossing writes get through. A transaction's
 * work must therefore not keep anything from a try that failed (an outer variable is set from the start of
 * the work, never only on one path). Savepoints (`tx.transaction`) are not retried: the outer one is.
 */
function retryConflicts(db: Db, onRetry?: (error: unknown) => void): Db {
  const transaction = db.transaction.bind(db)
  const retrying: Db['transaction'] = async (work, config) => {
    try {
      return await transaction(work, config)
    } catch (error) {
      if (!isTransactionConflict(error)) throw error
      onRetry?.(error)
      return transaction(work, config)
    }
  }
  db.transaction = retrying
  return db
}

/** Apply committed migrations; on PostgreSQL under an advisory lock so that several processes can start at once. */
export async function runMigrations(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(drizzlePglite(database.pglite), { migrationsFolder })
    return
  }
  // A connection of its own, without the pool's limits: another process may be migrating (the lock waits for
  // it), a migration may rewrite a big table, and a busy server may take a while to accept a connection.
  const client = new pg.Client({
    ...database.pool.options,
    connectionTimeoutMillis: 0,
    statement_timeout: 0,
    lock_timeout: 0,
  })
  await client.connect()
  try {
    await client.query('SELECT pg_advisory_lock(7715001)')
    await migratePg(drizzlePg(client), { migrationsFolder })
  } finally {
    await client.query('SELECT pg_advisory_unlock(7715001)').catch(() => undefined)
    await client.end()
  }
}

const dialect = new PgDialect()

/** The pool behind each PostgreSQL handle, and the client each open transaction runs on (for `executePrepared`). */
const pools = new WeakMap<object, pg.Pool>()
const transactionClients = new WeakMap<object, pg.PoolClient>()

/**
 * Transactions on a client we hold: each takes a pooled client itself and runs Drizzle's transaction on it
 * (what Drizzle does with a pool: BEGIN, the work, COMMIT or ROLLBACK, release), remembering which client
 * the transaction handle runs on, so a statement can be prepared on that connection without reaching into
 * Drizzle's internals. Savepoints (`tx.transaction`) are Drizzle's own, on the same client.
 */
function ownTransactions(db: Db, pool: pg.Pool): Db {
  const transaction: Db['transaction'] = async (work, config) => {
    const client = await pool.connect()
    try {
      const onClient = drizzlePg(client) as unknown as Db
      return await onClient.transaction(async (tx) => {
        transactionClients.set(tx, client)
        return work(tx)
      }, config)
    } finally {
      client.release()
    }
  }
  db.transaction = transaction
  return db
}

/**
 * Values as Drizzle's node-postgres driver hands them over (dates, times and intervals as PostgreSQL's text),
 * so a row reads the same whichever way it was fetched.
 */
const DRIZZLE_TEXT_TYPES = new Set([1082, 1114, 1115, 1182, 1184, 1185, 1186, 1187, 1231])
const drizzleTypes = {
  getTypeParser: ((typeId: number, format?: 'text' | 'binary') =>
    DRIZZLE_TEXT_TYPES.has(typeId)
      ? (value: string) => value
      : pg.types.getTypeParser(typeId, format)) as typeof pg.types.getTypeParser,
}

/**
 * Runs a raw statement as a named prepared statement: on PostgreSQL it is parsed once per connection and
 * its plan may be kept, which matters for the few large statements on hot paths (a ledger transfer is one
 * CTE; bench/ledger measured 1.4x the rate). `name` must always stand for the same SQL text: put the
 * statement's shape in it (e.g. how many rows a VALUES list has). PGlite runs it as an ordinary query, and
 * so does a savepoint (its handle is not one of ours; it runs on the right connection, unprepared).
 */
export async function executePrepared<T>(conn: Db | Tx, name: string, statement: SQL): Promise<T[]> {
  const client = transactionClients.get(conn) ?? pools.get(conn)
  if (!client) return ((await conn.execute(statement)) as unknown as { rows: T[] }).rows
  const { sql: text, params } = dialect.sqlToQuery(statement)
  const result = await client.query({ name, text, values: params, types: drizzleTypes })
  return result.rows as T[]
}

/** How long /readyz waits for the database before it answers 503. */
export const READY_WAIT_MS = 1_000

/**
 * `SELECT 1`, or a rejection within `waitMs` whatever the database does (a full pool, a lock, a server that
 * stopped answering): readiness never hangs on it.
 */
export async function pingDatabase(db: Db, waitMs = READY_WAIT_MS): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the database did not answer within ${waitMs} ms`)), waitMs)
  })
  const ping = db.execute(sql`SELECT 1`)
  // A ping that fails after the answer went out is of no interest.
  ping.catch(() => undefined)
  try {
    await Promise.race([ping, late])
  } finally {
    clearTimeout(timer)
  }
}

/** The errors in a chain: the error, its `cause` (Drizzle wraps the driver's error), and so on. */
function* causes(error: unknown): Generator<object> {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) yield e
}

/** Whether the error (or one it wraps) is a database error with one of these SQLSTATEs. */
function hasSqlState(error: unknown, ...states: string[]): boolean {
  for (const e of causes(error)) {
    const code = (e as { code?: unknown }).code
    if (typeof code === 'string' && states.includes(code)) return true
  }
  return false
}

/** A unique-constraint violation (SQLSTATE 23505), also when Drizzle wraps the driver's error. */
export function isUniqueViolation(error: unknown): boolean {
  return hasSqlState(error, '23505')
}

/** PostgreSQL chose this transaction to give way: a deadlock (40P01) or a serialization failure (40001). */
export function isTransactionConflict(error: unknown): boolean {
  return hasSqlState(error, '40P01', '40001')
}

/** What pg-pool says when no connection came free (or none could connect) within `waitMs`. */
const POOL_WAIT_MESSAGES = ['timeout exceeded when trying to connect', 'connection timeout']

/**
 * The database is too busy for this call right now, and a retry in a moment may well succeed: no pooled
 * connection came free in time, a statement ran past statement_timeout (57014), or a lock did not come
 * within lock_timeout (55P03). The error handler answers these 1020 (HTTP 503) instead of 102.
 */
export function isDatabaseBusy(error: unknown): boolean {
  if (hasSqlState(error, '57014', '55P03')) return true
  for (const e of causes(error)) {
    const message = (e as { message?: unknown }).message
    if (typeof message === 'string' && POOL_WAIT_MESSAGES.some((text) => message.includes(text))) return true
  }
  return false
}
