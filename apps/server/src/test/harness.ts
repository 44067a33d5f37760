import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { type CallData, type CallDef, Headers, signingKey, signRequest } from '@velvet/contract'
import type { FastifyInstance } from 'fastify'
import type { DestinationStream } from 'pino'
import { type AppDeps, buildApp } from '../app.ts'
import type { Clock } from '../platform/clock.ts'
import { readConfig } from '../platform/config.ts'
import type { Database } from '../platform/db.ts'
import { type Jobs, startJobs } from '../platform/jobs.ts'
import { freshDatabase } from './database.ts'
import { recordingJobSender, type SentJob } from './jobs.ts'
import { startSmtpServer } from './smtp.ts'

export const TEST_CLIENT_KEY = 'test-client-key-0001'

/** A clock tests can move; the app reads time only through it. */
export function testClock(start = new Date('2026-06-01T12:00:00Z')) {
  let current = start.getTime()
  const clock: Clock & { advance(ms: number): void; set(d: Date): void } = {
    now: () => new Date(current),
    advance: (ms) => {
      current += ms
    },
    set: (d) => {
      current = d.getTime()
    },
  }
  return clock
}

export interface TestApp {
  app: FastifyInstance
  database: Database
  clock: ReturnType<typeof testClock>
  smtp: Awaited<ReturnType<typeof startSmtpServer>>
  dataDir: string
  /** The running job queue, when started with `jobs: true`. */
  jobs: Jobs | null
  /** Jobs the modules enqueued, when the queue is not running. */
  sentJobs: SentJob[]
  call: ReturnType<typeof callerFor>
  /** `call`, answering the typed data; an error answer fails the test with the path, status and body. */
  data: ReturnType<typeof dataCallerFor>
  /** Listens on 127.0.0.1 on a free port (for sockets and real HTTP); answers the base URL. */
  listen(): Promise<string>
  close(): Promise<void>
}

const redisPrefixes = new WeakMap<Database, string>()

/**
 * Test apps on one database are one deployment: they share a Redis prefix, and no other test file's apps
 * (running at the same time, on the same Redis) hear them.
 */
function redisPrefixOf(database: Database): string {
  let prefix = redisPrefixes.get(database)
  if (!prefix) {
    prefix = `velvet-test-${process.pid}-${randomBytes(4).toString('hex')}:`
    redisPrefixes.set(database, prefix)
  }
  return prefix
}

/** The whole app on a fresh database, a real SMTP server and a temporary data folder. */
export async function startTestApp(
  env: Record<string, string> = {},
  options: {
    logStream?: DestinationStream
    database?: Database
    /** App dependencies a test replaces (a balances check answering "negative", a shorter session sweep). */
    deps?: Pick<AppDeps, 'balances' | 'sessionSweepMs'>
    /** Start the real job queue (pg-boss on this database) and its workers; else jobs are only recorded. */
    jobs?: boolean
  } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'velvet-test-'))
  const smtp = await startSmtpServer()
  // A database given by the test (two app processes on one database) is the test's to close.
  const database = options.database ?? (await freshDatabase())
  const clock = testClock()
  const config = readConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    WEB_DIST: path.join(dataDir, 'no-web'),
    SIGNING_CLIENT_KEY: TEST_CLIENT_KEY,
    SMTP_URL: smtp.url,
    // A test that names its deployment (REDIS_PREFIX, or PUBLIC_URL to derive it from) keeps it.
    ...(env.REDIS_PREFIX || env.PUBLIC_URL ? {} : { REDIS_PREFIX: redisPrefixOf(database) }),
    ...env,
  })
  const jobs = options.jobs
    ? pollEveryHalfSecond(await startJobs(database, { error: () => undefined }))
    : undefined
  const sentJobs = recordingJobSender()
  const app = await buildApp({
    config,
    database,
    clock,
    ...(jobs ? { jobs } : { jobSender: sentJobs }),
    ...(options.logStream ? { logStream: options.logStream } : {}),
    ...options.deps,
  })
  await app.ready()
  const call = callerFor(app, clock)
  return {
    app,
    database,
    clock,
    smtp,
    dataDir,
    jobs: jobs ?? null,
    sentJobs: sentJobs.sent,
    call,
    data: dataCallerFor(call),
    listen: () => app.listen({ port: 0, host: '127.0.0.1' }),
    async close() {
      await app.close()
      await jobs?.stop({ graceful: false, close: true, timeout: 2_000 })
      if (!options.database) await database.close()
      await smtp.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/**
 * The app's workers poll their queues every half second (pg-boss's shortest) instead of every 2 s: a test
 * waits on each job its calls cause, often a chain of them (a payment, its notification, its mail). A worker
 * that sets its own interval keeps it.
 */
function pollEveryHalfSecond(boss: Jobs): Jobs {
  const work = boss.work.bind(boss) as (name: string, ...args: unknown[]) => Promise<string>
  const faster = (name: string, ...args: unknown[]) =>
    args.length === 1
      ? work(name, { pollingIntervalSeconds: 0.5 }, args[0])
      : work(name, { pollingIntervalSeconds: 0.5, ...(args[0] as object) }, args[1])
  return Object.assign(boss, { work: faster as Jobs['work'] })
}

/** How a test call is made. An account from the factories passes as it is: its token signs the call. */
export interface CallOptions {
  token?: string | null
  /** Seconds to add to the signed ts (to test clock skew). */
  tsOffset?: number
  /** Change the signed params after signing (to test tampering). */
  tamper?: (params: Record<string, unknown>) => void
  unsigned?: boolean
  headers?: Record<string, string>
  remoteAddress?: string
}

/** Calls a contract call through HTTP the way the web client does: signed, with the spec headers. */
export function callerFor(app: FastifyInstance, clock: Clock) {
  return async (call: CallDef, input: Record<string, unknown> = {}, options: CallOptions = {}) => {
    const params: Record<string, unknown> = { ...input }
    if (!options.unsigned) {
      params.ts = Math.floor(clock.now().getTime() / 1000) + (options.tsOffset ?? 0)
      params.sign = await signRequest(
        signingKey(TEST_CLIENT_KEY, options.token),
        call.method,
        call.path,
        params,
      )
    }
    options.tamper?.(params)
    const headers: Record<string, string> = {
      [Headers.platform]: 'rm11',
      [Headers.deviceId]: 'test-device',
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    }
    const common = { headers, remoteAddress: options.remoteAddress ?? nextTestAddress() }
    const response =
      call.method === 'GET'
        ? await app.inject({ method: 'GET', url: call.path, query: stringify(params), ...common })
        : await app.inject({ method: 'POST', url: call.path, payload: params, ...common })
    return { status: response.statusCode, body: response.json(), headers: response.headers }
  }
}

function dataCallerFor(call: ReturnType<typeof callerFor>) {
  return async <C extends CallDef>(
    def: C,
    input?: Record<string, unknown>,
    options?: CallOptions,
  ): Promise<CallData<C>> => {
    const res = await call(def, input, options)
    if (res.status !== 200) throw new Error(`${def.path} answered ${res.status}: ${JSON.stringify(res.body)}`)
    return res.body.data
  }
}

let addressCounter = 0

/**
 * Each call comes from its own documentation-range address (RFC 5737) unless a test names one, so that
 * per-IP limits only bite where a test means them to. app.inject sends nothing over a network.
 */
function nextTestAddress(): string {
  addressCounter += 1
  return `203.0.113.${(addressCounter % 250) + 1}`
}

function stringify(params: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(params).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
  )
}
