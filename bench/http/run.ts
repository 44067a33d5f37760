/**
 * HTTP benchmark: a bare Fastify route against the real Velvet app's `GET /api/auth/user`, in one process
 * and one run, so that the ratio between the two says what the app's stack costs on this machine.
 *
 *   npm run bench                                        (from the repository root)
 *   BENCH_DURATION=20 BENCH_CONNECTIONS=50 npm run bench
 *   npm run bench -w @velvet/bench -- --duration 20 --connections 50 --warmup 5
 *
 * Loopback only; every load run is bounded in time. Writes its section of docs/benchmarks.md.
 */
import { randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { Worker } from 'node:worker_threads'
import {
  currentUser,
  Headers,
  okBody,
  Signing,
  signingKey,
  signRequest,
  signupAnonymous,
} from '@velvet/contract'
import Fastify, { type FastifyInstance } from 'fastify'
import { buildApp } from '../../apps/server/src/app.ts'
import { readConfig } from '../../apps/server/src/platform/config.ts'
import { type Database, openDatabase, runMigrations } from '../../apps/server/src/platform/db.ts'
import { startJobs } from '../../apps/server/src/platform/jobs.ts'
import type { LoadJob, LoadMessage, RunSummary } from './load.ts'
import { replaceSection, table } from './markdown.ts'

const SECTION_TITLE = 'HTTP: bare Fastify vs GET /api/auth/user'
const DOCS_FILE = path.resolve(import.meta.dirname, '../../docs/benchmarks.md')
const HOST = '127.0.0.1'
const DEVICE_ID = 'bench-device-0001'

interface Settings {
  durationSeconds: number
  connections: number
  warmupSeconds: number
}

const defaults: Settings = { durationSeconds: 10, connections: 10, warmupSeconds: 3 }

function readSettings(): Settings {
  const { values } = parseArgs({
    options: {
      duration: { type: 'string' },
      connections: { type: 'string' },
      warmup: { type: 'string' },
    },
    strict: true,
  })
  const pick = (
    label: string,
    flag: string | undefined,
    env: string | undefined,
    def: number,
    max: number,
  ) => {
    const raw = flag ?? env
    if (raw === undefined || raw === '') return def
    const value = Number(raw)
    if (!Number.isInteger(value) || value < 1 || value > max) {
      throw new Error(`${label} must be a whole number from 1 to ${max} (got "${raw}")`)
    }
    return value
  }
  // Warm-up + measured run of one target stay far below the signature's allowed clock skew (300 s).
  return {
    durationSeconds: pick(
      'duration',
      values.duration,
      process.env.BENCH_DURATION,
      defaults.durationSeconds,
      120,
    ),
    connections: pick(
      'connections',
      values.connections,
      process.env.BENCH_CONNECTIONS,
      defaults.connections,
      500,
    ),
    warmupSeconds: pick('warmup', values.warmup, process.env.BENCH_WARMUP, defaults.warmupSeconds, 30),
  }
}

function isLoopbackHost(host: string): boolean {
  return /^127\.\d+\.\d+\.\d+$/.test(host) || host === 'localhost' || host === '[::1]' || host === '::1'
}

// ---------------------------------------------------------------------------------------------------------
// Servers and database

async function startBare(): Promise<{ app: FastifyInstance; url: string }> {
  const app = Fastify({ logger: false })
  app.get('/bare', async () => ({ result: 'ok', data: {} }))
  const address = await app.listen({ host: HOST, port: 0 })
  return { app, url: `${address}/bare` }
}

interface Backend {
  database: Database
  describe: string
  close(): Promise<void>
}

async function openBackend(databaseUrl: string | undefined): Promise<Backend> {
  if (!databaseUrl) {
    const database = await openDatabase({})
    await runMigrations(database)
    if (database.kind !== 'pglite') throw new Error('expected PGlite')
    const version = await database.pglite.query<{ server_version: string }>('SHOW server_version')
    return {
      database,
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
    describe: `PostgreSQL ${version} on ${url.hostname}:${url.port || '5432'} (scratch database, pool of 10)`,
    async close() {
      await database.close()
      const cleanup = await openDatabase({ url: databaseUrl })
      if (cleanup.kind !== 'postgres') return
      try {
        await cleanup.pool.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      } finally {
        await cleanup.close()
      }
    },
  }
}

async function startVelvet(database: Database, dataDir: string) {
  const config = readConfig({
    NODE_ENV: 'production',
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

// ---------------------------------------------------------------------------------------------------------
// Contract calls, signed the way the web client signs them

const clientHeaders: Record<string, string> = {
  [Headers.platform]: 'rm11',
  [Headers.deviceId]: DEVICE_ID,
}

const nowSeconds = () => Math.floor(Date.now() / 1000)

async function signupAnonymously(base: string, clientKey: string): Promise<string> {
  const params = { ts: nowSeconds() }
  const sign = await signRequest(
    signingKey(clientKey, null),
    signupAnonymous.method,
    signupAnonymous.path,
    params,
  )
  const response = await fetch(`${base}${signupAnonymous.path}`, {
    method: 'POST',
    headers: { ...clientHeaders, 'content-type': 'application/json' },
    body: JSON.stringify({ ...params, sign }),
    signal: AbortSignal.timeout(10_000),
  })
  const text = await response.text()
  const parsed = okBody(signupAnonymous.response).safeParse(safeJson(text))
  if (response.status !== 200 || !parsed.success) {
    throw new Error(`signup_anonymous answered ${response.status}: ${text.slice(0, 300)}`)
  }
  return parsed.data.data.token
}

/** The URL and headers of a signed `GET /api/auth/user`, valid while the clock stays within 300 s of ts. */
async function signedCurrentUser(base: string, clientKey: string, token: string) {
  const params = { ts: nowSeconds() }
  const sign = await signRequest(signingKey(clientKey, token), currentUser.method, currentUser.path, params)
  const query = new URLSearchParams({ ts: String(params.ts), sign })
  return {
    url: `${base}${currentUser.path}?${query}`,
    headers: { ...clientHeaders, authorization: `Bearer ${token}` },
  }
}

/** One request before the load: checks the target answers 2xx and returns the body every answer must repeat. */
async function probe(url: string, headers: Record<string, string>, check: (json: unknown) => boolean) {
  const response = await fetch(url, { headers, signal: AbortSignal.timeout(10_000) })
  const text = await response.text()
  if (response.status < 200 || response.status > 299 || !check(safeJson(text))) {
    throw new Error(`${url.split('?')[0]} answered ${response.status}: ${text.slice(0, 300)}`)
  }
  return text
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

// ---------------------------------------------------------------------------------------------------------
// Load

function runLoad(job: LoadJob): Promise<{ warmup: RunSummary; measured: RunSummary }> {
  const budgetMs = (job.warmupSeconds + job.durationSeconds + 30) * 1000
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./load.ts', import.meta.url), { workerData: job })
    let settled = false
    const finish = (error: Error | null, value?: { warmup: RunSummary; measured: RunSummary }) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      if (error) {
        void worker.terminate()
        reject(error)
      } else if (value) resolve(value)
    }
    const timer = setTimeout(
      () => finish(new Error(`load run did not finish within ${budgetMs / 1000} s`)),
      budgetMs,
    )
    worker.on('message', (message: LoadMessage) => {
      if (message.kind === 'done') finish(null, { warmup: message.warmup, measured: message.measured })
      else finish(new Error(`load run failed: ${message.message}`))
    })
    worker.on('error', (error) => finish(error))
    worker.on('exit', (code) => finish(new Error(`load worker exited (${code}) without a result`)))
  })
}

/** Everything wrong with a run; empty when every response was 2xx with the expected body. */
function problemsOf(run: RunSummary): string[] {
  const problems: string[] = []
  const other = Object.entries(run.statusCodes).filter(([code]) => !code.startsWith('2'))
  if (run.non2xx > 0 || other.length > 0) {
    problems.push(`${run.non2xx} non-2xx responses (${other.map(([c, n]) => `${c}: ${n}`).join(', ')})`)
  }
  if (run.errors > 0) problems.push(`${run.errors} errors (${run.timeouts} timeouts)`)
  if (run.mismatches > 0) problems.push(`${run.mismatches} responses with an unexpected body`)
  if (run.completed === 0) problems.push('no response at all')
  if (run.latencyMs.samples !== run.completed) {
    problems.push(`${run.latencyMs.samples} timed responses but ${run.completed} completed`)
  }
  return [...problems, ...run.problems]
}

// ---------------------------------------------------------------------------------------------------------
// Report

interface Target {
  name: string
  label: string
  run: RunSummary
  warmup: RunSummary
}

const ms = (v: number) => v.toFixed(2)
const rps = (v: number) => Math.round(v).toLocaleString('en-US')
const ratio = (v: number) => (Number.isFinite(v) ? (v < 0.1 ? v.toFixed(3) : v.toFixed(2)) : 'n/a')
const percent = (v: number) => (Number.isFinite(v) ? `${(v * 100).toFixed(1)} %` : 'n/a')

function commandLine(settings: Settings, databaseUrl: string | undefined): string {
  const parts: string[] = []
  if (databaseUrl) {
    const url = new URL(databaseUrl)
    parts.push(`DATABASE_URL=postgres://…@${url.host}${url.pathname}`)
  }
  if (settings.durationSeconds !== defaults.durationSeconds)
    parts.push(`BENCH_DURATION=${settings.durationSeconds}`)
  if (settings.connections !== defaults.connections) parts.push(`BENCH_CONNECTIONS=${settings.connections}`)
  if (settings.warmupSeconds !== defaults.warmupSeconds) parts.push(`BENCH_WARMUP=${settings.warmupSeconds}`)
  return [...parts, 'npm run bench'].join(' ')
}

function renderSection(input: {
  date: Date
  settings: Settings
  backend: string
  command: string
  bare: Target
  app: Target
}): string {
  const { bare, app, settings } = input
  const cpus = os.cpus()
  const reqRatio = app.run.requestsPerSecond / bare.run.requestsPerSecond
  const p99Ratio = app.run.latencyMs.p99 / bare.run.latencyMs.p99
  const rows = [bare, app].map((t) => [
    t.label,
    rps(t.run.requestsPerSecond),
    ms(t.run.latencyMs.p50),
    ms(t.run.latencyMs.p99),
    t.run.completed.toLocaleString('en-US'),
  ])
  rows.push([
    '**app ÷ bare**',
    `**${ratio(reqRatio)}**`,
    ratio(app.run.latencyMs.p50 / bare.run.latencyMs.p50),
    `**${ratio(p99Ratio)}**`,
    '',
  ])
  return [
    `## ${SECTION_TITLE}`,
    '',
    '<!-- Written by bench/http/run.ts on every run; edits here are overwritten. -->',
    '',
    `- Date: ${input.date.toISOString().replace(/\.\d+Z$/, 'Z')}`,
    `- Machine: Node ${process.version}, ${os.platform()} ${os.arch()}, ${cpus.length} CPUs (\`os.cpus().length\`)` +
      `${cpus[0] ? `, ${cpus[0].model.trim()}` : ''}`,
    `- Backend: ${input.backend}`,
    `- Command: \`${input.command}\` (from the repository root)`,
    `- Load: autocannon, ${settings.connections} connections, pipelining 1, ${settings.warmupSeconds} s warm-up ` +
      `then ${settings.durationSeconds} s measured, one target after the other; every measured response was 2xx ` +
      'with the expected body. Change with `BENCH_DURATION`, `BENCH_CONNECTIONS`, `BENCH_WARMUP` (seconds, ' +
      'connections) or `npm run bench -w @velvet/bench -- --duration 20 --connections 50 --warmup 5`; set ' +
      '`DATABASE_URL` to run the app on a scratch database of that (loopback) PostgreSQL instead of PGlite.',
    '',
    table(['Target', 'req/s (avg)', 'p50 (ms)', 'p99 (ms)', 'responses'], rows),
    '',
    `How to read it: compare the two rows of one run, that is the ratios, not the absolute numbers. The ` +
      'machine is shared and noisy, so req/s and latencies move from run to run (and between machines); the ' +
      'ratios say what the app stack (helmet, rate limit, request-signature HMAC, session and user lookup in ' +
      'the database, schema-checked response) costs against an empty Fastify route on the same machine at ' +
      `the same moment. Here the app serves ${ratio(reqRatio)} × the bare rate (${percent(reqRatio)}) and its ` +
      `p99 latency is ${ratio(p99Ratio)} × the bare p99.`,
    '',
    'What runs: both servers listen on 127.0.0.1 (ephemeral ports) in one Node process, autocannon runs in a ' +
      'worker thread of that process (its own event loop, so it does not queue behind the servers; on a ' +
      'machine with few cores it still competes with them for CPU). The app is the real `buildApp` with ' +
      '`LOG_LEVEL=silent`, no web build, no Redis (in-memory rate-limit store) and the per-IP limit raised to ' +
      '1e9/min so that a single client is not answered 429. A guest session is created through the signed ' +
      '`signup_anonymous` call; `GET /api/auth/user` carries `ts` and `sign` in the query string plus the ' +
      '`authorization`, `x-platform: rm11` and `x-device-id` headers. It is signed once per target run: the ' +
      `server accepts ts within ${Signing.maxSkewSeconds} s, and warm-up + measured time is capped at 150 s. ` +
      'req/s is autocannon’s average of its one-second samples; p50/p99 come from every measured response ' +
      'time (sub-millisecond; autocannon’s own histogram rounds to whole milliseconds).',
  ].join('\n')
}

function printTarget(t: Target) {
  const r = t.run
  console.log(
    `${t.name.padEnd(6)} ${rps(r.requestsPerSecond).padStart(8)} req/s   p50 ${ms(r.latencyMs.p50).padStart(7)} ms` +
      `   p99 ${ms(r.latencyMs.p99).padStart(7)} ms   max ${ms(r.latencyMs.max)} ms   ` +
      `${r.completed} responses (${Object.entries(r.statusCodes)
        .map(([c, n]) => `${c}: ${n}`)
        .join(', ')}), errors ${r.errors}, warm-up ${rps(t.warmup.requestsPerSecond)} req/s`,
  )
}

// ---------------------------------------------------------------------------------------------------------

async function main(): Promise<number> {
  const settings = readSettings()
  const databaseUrl = process.env.DATABASE_URL?.trim() || undefined
  const watchdogMs = (2 * (settings.warmupSeconds + settings.durationSeconds) + 120) * 1000
  setTimeout(() => {
    console.error(`bench: still running after ${watchdogMs / 1000} s, giving up`)
    process.exit(2)
  }, watchdogMs).unref()

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'velvet-bench-'))
  const cleanups: Array<() => Promise<void>> = [async () => rmSync(dataDir, { recursive: true, force: true })]
  const cleanup = async () => {
    for (let step = cleanups.pop(); step; step = cleanups.pop()) {
      await step().catch((error: unknown) => console.error('bench: cleanup step failed:', error))
    }
  }
  // Ctrl-C still closes the servers and drops a PostgreSQL scratch database.
  const onSignal = (signal: NodeJS.Signals) => {
    console.error(`bench: ${signal}, cleaning up`)
    setTimeout(() => process.exit(130), 10_000).unref()
    void cleanup().then(() => process.exit(130))
  }
  process.once('SIGINT', onSignal)
  process.once('SIGTERM', onSignal)

  try {
    const bare = await startBare()
    cleanups.push(() => bare.app.close())
    const backend = await openBackend(databaseUrl)
    cleanups.push(() => backend.close())
    const velvet = await startVelvet(backend.database, dataDir)
    cleanups.push(() => velvet.app.close())

    console.log(
      `bench: node ${process.version}, ${os.cpus().length} CPUs, backend: ${backend.describe}\n` +
        `bench: ${settings.connections} connections, ${settings.warmupSeconds} s warm-up + ` +
        `${settings.durationSeconds} s measured per target\n` +
        `bench: bare  ${bare.url}\nbench: app   ${velvet.base}${currentUser.path}`,
    )

    const token = await signupAnonymously(velvet.base, velvet.clientKey)
    const bareBody = await probe(bare.url, {}, (json) => JSON.stringify(json) === '{"result":"ok","data":{}}')
    const base: Omit<LoadJob, 'url' | 'headers' | 'expectBody'> = {
      connections: settings.connections,
      durationSeconds: settings.durationSeconds,
      warmupSeconds: settings.warmupSeconds,
    }

    console.log('bench: running bare Fastify …')
    const bareRun = await runLoad({ ...base, url: bare.url, headers: {}, expectBody: bareBody })

    // Signed just before its own run, so ts stays well inside the allowed skew for the whole run.
    const signed = await signedCurrentUser(velvet.base, velvet.clientKey, token)
    const appBody = await probe(
      signed.url,
      signed.headers,
      (json) => okBody(currentUser.response).safeParse(json).success,
    )
    console.log('bench: running Velvet GET /api/auth/user …')
    const appRun = await runLoad({ ...base, url: signed.url, headers: signed.headers, expectBody: appBody })

    const targets: Target[] = [
      { name: 'bare', label: 'bare Fastify 5, `GET /bare`', run: bareRun.measured, warmup: bareRun.warmup },
      { name: 'app', label: 'Velvet app, `GET /api/auth/user`', run: appRun.measured, warmup: appRun.warmup },
    ]
    const [bareTarget, appTarget] = targets as [Target, Target]
    console.log('')
    for (const t of targets) printTarget(t)
    console.log(
      `ratio  app/bare req/s ${ratio(appTarget.run.requestsPerSecond / bareTarget.run.requestsPerSecond)}   ` +
        `p50 ${ratio(appTarget.run.latencyMs.p50 / bareTarget.run.latencyMs.p50)}   ` +
        `p99 ${ratio(appTarget.run.latencyMs.p99 / bareTarget.run.latencyMs.p99)}`,
    )

    let failed = false
    for (const t of targets) {
      for (const [phase, run] of [
        ['warm-up', t.warmup],
        ['measured run', t.run],
      ] as const) {
        const problems = problemsOf(run)
        if (problems.length === 0) continue
        failed = true
        console.error(`\nbench: FAILED: ${t.name} ${phase}:\n  - ${problems.join('\n  - ')}`)
      }
    }
    if (failed) {
      console.error(
        `bench: not writing ${path.relative(process.cwd(), DOCS_FILE)}: the results are not valid.`,
      )
      return 1
    }

    const section = renderSection({
      date: new Date(),
      settings,
      backend: backend.describe,
      command: commandLine(settings, databaseUrl),
      bare: bareTarget,
      app: appTarget,
    })
    const previous = existsSync(DOCS_FILE) ? readFileSync(DOCS_FILE, 'utf8') : ''
    writeFileSync(DOCS_FILE, replaceSection(previous, SECTION_TITLE, section))
    console.log(`\nbench: wrote "${SECTION_TITLE}" in ${DOCS_FILE}`)
    return 0
  } finally {
    await cleanup()
    process.off('SIGINT', onSignal)
    process.off('SIGTERM', onSignal)
  }
}

main().then(
  (code) => {
    process.exitCode = code
    // Everything is closed; if some handle still holds the loop, say so and leave anyway.
    setTimeout(() => {
      console.error('bench: a handle kept the process alive after cleanup; exiting')
      process.exit(code)
    }, 5_000).unref()
  },
  (error: unknown) => {
    console.error('bench: FAILED:', error instanceof Error ? (error.stack ?? error.message) : error)
    process.exitCode = 1
    setTimeout(() => process.exit(1), 5_000).unref()
  },
)
