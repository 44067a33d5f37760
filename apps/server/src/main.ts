import path from 'node:path'
import { pino } from 'pino'
import { buildApp } from './app.ts'
import { ConfigError, readConfig } from './platform/config.ts'
import { openDatabase, runMigrations } from './platform/db.ts'
import { startJobs } from './platform/jobs.ts'
import { loggerOptions } from './platform/logger.ts'

async function main() {
  let config: ReturnType<typeof readConfig>
  try {
    config = readConfig(process.env)
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message)
      process.exit(1)
    }
    throw error
  }

  const log = pino(loggerOptions(config.logLevel))
  const dbLog = log.child({ name: 'db' })
  const database = await openDatabase({
    url: config.databaseUrl,
    dir: path.join(config.dataDir, 'pg'),
    pool: config.databasePool,
    onRetry: (err) =>
      dbLog.warn({ err }, 'a transaction met a deadlock or serialization failure; running it again'),
  })
  await runMigrations(database)
  // The job queue starts before the app (modules enqueue from their first request); it logs on its own.
  const jobs = await startJobs(database, log.child({ name: 'jobs' }))
  const app = await buildApp({ config, database, jobs })
  if (config.runMode !== 'worker') {
    await app.listen({ port: config.port, host: config.host })
  }
  app.log.info(
    {
      mode: config.runMode,
      database: database.kind,
      version: config.version,
      ...(database.kind === 'postgres' ? { pool: config.databasePool } : {}),
      ...(config.redisUrl ? { redisPrefix: config.redisPrefix } : {}),
    },
    'velvet started',
  )
  const providers = {
    payments: config.payments.provider,
    identity: config.identity.provider,
    payouts: config.payouts.provider,
  }
  if (config.sandboxParts.length === 0) app.log.info({ providers }, 'providers')
  else
    app.log.warn({ providers, sandbox: config.sandboxParts }, 'test mode: sandbox providers, no real money')

  // Demo content (SEED_DEMO) needs the media workers, so only run modes with workers seed. It runs in the
  // background: start-up and readiness never wait for it; shutting down stops it between steps.
  const seeding = new AbortController()
  if (config.runMode !== 'web') {
    const log = app.log.child({ name: 'demo' })
    app.services.demo
      .seed(seeding.signal)
      .then((outcome) => {
        if (outcome.seeded) log.info(outcome, 'demo content seeded')
        else if (outcome.reason !== 'not_empty') log.info(outcome, 'demo content not seeded')
      })
      .catch((error: unknown) => {
        if (seeding.signal.aborted) log.warn('demo seeding stopped by shutdown')
        else log.error({ err: error }, 'demo seeding failed')
      })
  }

  let stopping = false
  const stop = async (signal: string) => {
    if (stopping) return
    stopping = true
    seeding.abort()
    app.log.info({ signal }, 'shutting down')
    const timer = setTimeout(() => process.exit(1), 10_000)
    timer.unref()
    try {
      await app.close()
      await jobs.stop({ graceful: true, timeout: 5_000 })
      await database.close()
      process.exit(0)
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed')
      process.exit(1)
    }
  }
  process.on('SIGINT', () => void stop('SIGINT'))
  process.on('SIGTERM', () => void stop('SIGTERM'))
}

await main()
