import { randomBytes } from 'node:crypto'
import path from 'node:path'
import Fastify, { type FastifyInstance } from 'fastify'
import { buildApp } from '../../apps/server/src/app.ts'
import { readConfig } from '../../apps/server/src/platform/config.ts'
import { type Database, openDatabase, runMigrations } from '../../apps/server/src/platform/db.ts'
import { startJobs } from '../../apps/server/src/platform/jobs.ts'

/** Servers and databases the benchmarks run against: loopback only, scratch databases dropped at the end. */

export const HOST = '127.0.0.1'

export function isLoopbackHost(host: string): boolean {
  return /^127\.\d+\.\d+\.\d+$/.test(host) || host === 'localhost' || host === '[::1]' || host === '::1'
}

export async function startBare(): Promise<{ app: FastifyInstance; url: string }> {
  const app = Fastify({ logger: false })
  app.get('/bare', async () => ({ result: 'ok', data: {} }))
  const address = await app.listen({ host: HOST, port: 0 })
  return { app, url: `${address}/bare` }
}

export interface Backend {
  database: Database
  /** The scratch database's URL, for server processes of a bench (null for in-process PGlite). */
  url: string | null
  describe: string
  close(): Promise<void>
}

export async function openBackend(databaseUrl: string | undefined): Promise<Backend> {
  if (!databaseUrl) {
    const database = await openDatabase({})
    await runMigrations(database)
    if (database.kind !== 'pglite') throw new Error('expected PGlite')
    const version = await database.pglite.query<{ server_version: string }>('SHOW server_version')
    return {
      database,
      url: null,
      describe: `PGlite, embedded, in memory (PostgreSQL ${version.rows[0]?.server_version ?? '?'})`,
      close: () => database.close(),
    }
  }
  // A scratch database on that server, dropped at the end, so that the run leaves nothing behind.
  const url = new URL(databaseUrl)
  if (!isLoopbackHost(url.hostname)) {
    throw new Error(`DATABASE_URL must point at loopback for benchmarks (got host ${url.hostname})`)
  }
  const name = `velvet_bench_${process.pid}_${randomBytes(4).toString('hex')}`
  const admin = await openDatabase({ url: databaseUrl })
  if (admin.kind !== 'postgres') throw new Error('expected PostgreSQL')
  let version = '?'
  try {
    version = (await admin.pool.query<{ server_version: string }>('SHOW server_version')).rows[0]
      ?.server_version as string
    await admin.pool.query(`CREATE DATABASE ${name}`)
  } finally {
    await admin.close()
  }
  const target = new URL(databaseUrl)
  target.pathname = `/${name}`
  const database = await openDatabase({ url: target.toString() })
  await runMigrations(database)
  return {
    database,
    url: target.toString(),
    describe: `PostgreSQL ${version} on ${url.hostname}:${url.port || '5432'} (scratch database, pool of 10)`,
    async close() {
      // pool.end() resolves once its clients are asked to end, before their sockets are closed: dropping at
      // once would terminate those backends and each client would report "database connection lost".
      // So wait (up to 10 s) until the server has no session on the scratch database left, then drop it.
      await database.close()
      const cleanup = await openDatabase({ url: databaseUrl })
      if (cleanup.kind !== 'postgres') return
      try {
        for (let waited = 0; waited < 10_000; waited += 50) {
          const open = await cleanup.pool.query<{ n: number }>(
            'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
            [name],
          )
          if (open.rows[0]?.n === 0) break
          await new Promise((resolve) => setTimeout(resolve, 50))
        }
        await cleanup.pool.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      } finally {
        await cleanup.close()
      }
    },
  }
}

export async function startVelvet(database: Database, dataDir: string) {
  const config = readConfig({
    NODE_ENV: 'production',
    ALLOW_SANDBOX_PROVIDERS: '1',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    WEB_DIST: path.join(dataDir, 'no-web-dist'),
    // One client on one address sends everything: the per-IP limit (600/min by default) would answer 429.
    RATE_LIMIT_PER_MINUTE: '1000000000',
  })
  // The job queue runs as under `npm start` (RUN_MODE both), on the same database.
  const jobs = await startJobs(database, { error: (obj: unknown) => console.error(obj) })
  const app = await buildApp({ config, database, jobs })
  app.addHook('onClose', async () => jobs.stop({ graceful: false, close: true, timeout: 2_000 }))
  const address = await app.listen({ host: HOST, port: 0 })
  return { app, base: address, clientKey: config.signingClientKey }
}
