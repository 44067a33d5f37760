import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { currentUser, okBody, Signing } from '@velvet/contract'
import { probe, signedCurrentUser, signupAnonymously } from '../support/calls.ts'
import { ms, percent, ratio, rps } from '../support/format.ts'
import { problemsOf, runLoad } from '../support/load-runner.ts'
import { openBackend, startBare, startVelvet } from '../support/servers.ts'
import type { LoadJob, RunSummary } from './load.ts'
import { replaceSection, table } from './markdown.ts'

const SECTION_TITLE = 'HTTP: bare Fastify vs GET /api/auth/user'
const DOCS_FILE = path.resolve(import.meta.dirname, '../../docs/benchmarks.md')

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

// ---------------------------------------------------------------------------------------------------------
// Report

interface Target {
  name: string
  label: string
  run: RunSummary
  warmup: RunSummary
}

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
