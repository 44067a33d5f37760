/**
 * Realtime benchmark: 10,000 sockets over two server processes (the app's own `src/main.ts`, web
 * mode) sharing PostgreSQL and Redis; once a second for 20 s a broadcast reaches all of them, first as one
 * publish to a live room every socket is in, then as one publish to each user's room. Reports the delivery
 * latency (p50/p99 from the send time each message carries), lost and duplicated deliveries, and the memory,
 * CPU and event-loop delay of both server processes.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres REDIS_URL=redis://127.0.0.1:6379 \
 *     npm run bench:realtime    (from the repository root)
 *   BENCH_REALTIME_SOCKETS=1000 BENCH_REALTIME_SECONDS=5 …    (to check the bench itself quickly)
 *
 * Loopback only; a scratch database is created and dropped. Writes its section of docs/benchmarks.md.
 */
import { fork } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { NotifyType, SocketChannels, type SocketPayload } from '@velvet/contract'
import Fastify from 'fastify'
import { Redis } from 'ioredis'
import { hashToken, newToken } from '../../apps/server/src/modules/auth/tokens.ts'
import { attachRealtime, type RealtimeTarget } from '../../apps/server/src/platform/realtime.ts'
import {
  freePort,
  type ServerProcess,
  startServerProcess,
  waitUntilReady,
} from '../../apps/server/src/test/processes.ts'
import { replaceSection } from '../http/markdown.ts'
import { envNumber } from '../support/env.ts'
import { redisInfo } from '../support/redis-info.ts'
import { isLoopbackHost, openBackend } from '../support/servers.ts'
import { percentile } from '../support/stats.ts'
import { type Fleet, startFleet } from './fleet.ts'
import { type BroadcastResult, type ProcessReport, readProbe, renderSection } from './report.ts'

const SECTION_TITLE = 'Realtime: 10,000 sockets over two processes with Redis'
const DOCS_FILE = path.resolve(import.meta.dirname, '../../docs/benchmarks.md')
const LIVE_ID = 'bench'
const BARE_CHANNEL = 'velvet-bench-bare'
/** The server processes and the publisher are one deployment: the same Redis prefix (REDIS_PREFIX). */
const REDIS_PREFIX = 'velvet-bench'

const settings = {
  sockets: envNumber('BENCH_REALTIME_SOCKETS', 10_000, 15_000),
  ticks: envNumber('BENCH_REALTIME_SECONDS', 20, 120),
  workers: envNumber('BENCH_REALTIME_WORKERS', 2, 8),
  connectConcurrency: envNumber('BENCH_REALTIME_CONNECT_CONCURRENCY', 50, 500),
  observers: 50,
  graceMs: 10_000,
}
const MODES = [
  { mode: 'room', label: `one live room with every socket: 1 publish/s` },
  { mode: 'users', label: `each user's own room: ${settings.sockets.toLocaleString('en-US')} publishes/s` },
] as const
const BARE_LABEL = 'bare ws servers (no socket.io, no session, no database), one Redis message/s'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const epochMs = () => performance.timeOrigin + performance.now()

/** The soft limit of open files: every client socket is a descriptor of this process. */
function openFilesLimit(): number {
  const line = readFileSync('/proc/self/limits', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('Max open files'))
  return Number(line?.split(/\s+/)[3] ?? Number.POSITIVE_INFINITY)
}

/** 10,000 accounts and a live session each, written directly (the API's sign-up allows 30 a minute per address). */
async function makeSessions(pool: import('pg').Pool, n: number) {
  const users = await pool.query<{ id: string }>(
    `INSERT INTO users (user_type, user_role, user_name, nickname, profile_completed_at)
     SELECT 0, 0, 'bench_rt_' || g, 'Bench ' || g, now() FROM generate_series(1, $1::int) g RETURNING id`,
    [n],
  )
  const userIds = users.rows.map((row) => Number(row.id))
  const tokens = userIds.map(() => newToken())
  await pool.query(
    `INSERT INTO sessions (user_id, token_hash, expires_at)
     SELECT u, h, now() + interval '1 day' FROM unnest($1::bigint[], $2::text[]) AS t(u, h)`,
    [userIds, tokens.map(hashToken)],
  )
  return { userIds, tokens }
}

/** Distinct messages of pino JSON lines, with their error's message and any count, in order. */
function summarizeLog(lines: string[]): string[] {
  const seen = new Map<string, number>()
  for (const line of lines) {
    const entry = JSON.parse(line) as {
      msg?: string
      err?: { type?: string; message?: string }
      failures?: number
    }
    const error = entry.err?.message || entry.err?.type
    const text = `${entry.msg ?? ''}${error ? ` (${error})` : ''}`
    seen.set(text, (seen.get(text) ?? 0) + (entry.failures ?? 1))
  }
  return [...seen].map(([text, n]) => (n > 1 ? `${text} ×${n}` : text))
}

/** The bench's message: `id` names the row and the tick, `content` carries the send time (epoch ms). */
function benchNotice(mode: string, tick: number): SocketPayload<typeof SocketChannels.realtimeNotify> {
  return {
    id: `${mode}:${tick}`,
    notify_type: NotifyType.Live,
    is_show: 1,
    is_add: 0,
    show_seconds: 1,
    link: null,
    left: { content: null, type: 0 },
    middle: { title: 'Benchmark', summary: `tick ${tick}` },
    right: null,
    meta: {},
    content: String(epochMs()),
    created_at: Math.floor(Date.now() / 1000),
  }
}

/** One row: a broadcast a second for `ticks` seconds, then every socket's deliveries counted. */
async function measure(
  fleet: Fleet,
  mode: string,
  label: string,
  publishTick: (tick: number) => Promise<number>,
): Promise<BroadcastResult> {
  console.log(`bench:realtime: ${label}, ${settings.ticks} s …`)
  const cpuBefore = process.cpuUsage()
  const publishMs: number[] = []
  let published = 0
  const started = performance.now()
  for (let tick = 0; tick < settings.ticks; tick++) {
    await sleep(Math.max(0, started + tick * 1_000 - performance.now()))
    const tickStarted = performance.now()
    published += await publishTick(tick)
    publishMs.push(performance.now() - tickStarted)
  }
  await sleep(settings.graceMs)
  const cpu = process.cpuUsage(cpuBefore)
  const [observed, ...bulk] = await fleet.collect(mode)
  const all = [observed, ...bulk].filter((c) => c !== undefined)
  const sorted = (values: Iterable<number>) => [...values].sort((a, b) => a - b)
  const latencies = sorted(all.flatMap((c) => [...c.latencies]))
  const observers = sorted(observed?.latencies ?? [])
  const result: BroadcastResult = {
    mode,
    label,
    expected: all.reduce((n, c) => n + c.expected, 0),
    delivered: latencies.length,
    lost: all.reduce((n, c) => n + c.lost, 0),
    duplicated: all.reduce((n, c) => n + c.duplicated, 0),
    disconnects: all.reduce((n, c) => n + c.disconnects, 0),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? Number.NaN,
    observerP50: percentile(observers, 50),
    observerP99: percentile(observers, 99),
    publishP50: percentile(sorted(publishMs), 50),
    publishMax: Math.max(...publishMs),
    published,
    benchCpuSeconds: (cpu.user + cpu.system) / 1e6,
  }
  console.log(JSON.stringify(result))
  return result
}

async function main(): Promise<number> {
  const databaseUrl = process.env.DATABASE_URL?.trim()
  const redisUrl = process.env.REDIS_URL?.trim()
  if (!databaseUrl || !redisUrl) {
    console.error('bench:realtime needs DATABASE_URL and REDIS_URL (loopback PostgreSQL and Redis)')
    return 2
  }
  if (!isLoopbackHost(new URL(redisUrl).hostname)) throw new Error('REDIS_URL must point at loopback')
  if (openFilesLimit() < settings.sockets + 1_000) {
    console.error(`bench:realtime needs ${settings.sockets + 1_000} open files (ulimit -n)`)
    return 2
  }
  setTimeout(() => {
    console.error('bench:realtime: still running after 10 minutes, giving up')
    process.exit(2)
  }, 10 * 60_000).unref()

  const loadAtStart = (os.loadavg()[0] ?? 0).toFixed(2)
  const dir = mkdtempSync(path.join(os.tmpdir(), 'velvet-bench-realtime-'))
  const cleanups: Array<() => Promise<unknown> | unknown> = [
    () => rmSync(dir, { recursive: true, force: true }),
  ]
  try {
    const backend = await openBackend(databaseUrl)
    cleanups.push(() => backend.close())
    if (backend.database.kind !== 'postgres' || !backend.url) throw new Error('expected PostgreSQL')
    const sessions = await makeSessions(backend.database.pool, settings.sockets)

    console.log('bench:realtime: starting two server processes …')
    const servers: Array<{ url: string; proc: ServerProcess; probe: string }> = []
    for (let i = 0; i < 2; i++) {
      const port = await freePort()
      const probe = path.join(dir, `probe-${i}.jsonl`)
      const proc = startServerProcess({
        PORT: String(port),
        DATABASE_URL: backend.url,
        REDIS_URL: redisUrl,
        REDIS_PREFIX: REDIS_PREFIX,
        DATA_DIR: path.join(dir, `node-${i}`),
        RUN_MODE: 'web',
        LOG_LEVEL: 'warn',
        NODE_ENV: 'production',
        ALLOW_SANDBOX_PROVIDERS: '1',
        NODE_OPTIONS: `--import=${path.join(import.meta.dirname, 'probe.ts')}`,
        BENCH_PROBE_FILE: probe,
      })
      cleanups.push(async () => {
        if (proc.child.exitCode === null) proc.child.kill('SIGTERM')
        await proc.exited
      })
      servers.push({ url: `http://127.0.0.1:${port}`, proc, probe })
      await waitUntilReady(port, 60_000)
    }
    await sleep(2_000)
    const idleAt = Date.now()

    // The publisher: the app's realtime gateway on a process that holds no sockets, as a worker process runs
    // it (RUN_MODE=worker attaches the gateway without listening), publishing through the Redis adapter.
    const publisherLog: string[] = []
    const publisherApp = Fastify({
      logger: {
        level: 'warn',
        stream: {
          write: (line: string) => {
            publisherLog.push(line)
            process.stdout.write(line)
          },
        },
      },
    })
    const realtime = await attachRealtime(publisherApp, {
      resolveViewer: async () => null,
      redisUrl,
      redisPrefix: `${REDIS_PREFIX}:`,
      log: publisherApp.log,
    })
    cleanups.push(() => publisherApp.close())

    console.log(`bench:realtime: connecting ${settings.sockets} sockets …`)
    const connectStarted = performance.now()
    const fleet = await startFleet({
      urls: servers.map((s) => s.url),
      tokens: sessions.tokens,
      observers: settings.observers,
      workers: settings.workers,
      liveId: LIVE_ID,
      ticks: settings.ticks,
      modes: MODES.map((m) => m.mode),
      connectConcurrency: settings.connectConcurrency,
    })
    cleanups.push(() => fleet.close())
    const connectSeconds = (performance.now() - connectStarted) / 1000
    console.log(
      `bench:realtime: ${fleet.connected} connected, ${fleet.failed} failed in ${connectSeconds.toFixed(1)} s` +
        (fleet.failed ? ` (${fleet.errors.join('; ')})` : ''),
    )
    await sleep(3_000)
    const connectedAt = Date.now()

    const results: BroadcastResult[] = []
    const windows: Array<{ mode: string; from: number; to: number }> = []
    for (const { mode, label } of MODES) {
      const from = Date.now()
      results.push(
        await measure(fleet, mode, label, async (tick) => {
          const publish = (target: RealtimeTarget) =>
            realtime.publish(target, SocketChannels.realtimeNotify, benchNotice(mode, tick))
          if (mode === 'room') publish({ liveId: LIVE_ID })
          else {
            // In slices, yielding between them as a job publishing to many users would (writes flow meanwhile).
            for (let i = 0; i < sessions.userIds.length; i++) {
              publish({ userId: sessions.userIds[i] as number })
              if (i % 500 === 499) await new Promise((resolve) => setImmediate(resolve))
            }
          }
          return mode === 'room' ? 1 : sessions.userIds.length
        }),
      )
      windows.push({ mode, from, to: Date.now() })
    }
    await fleet.close()
    for (const server of servers) server.proc.child.kill('SIGTERM')
    await Promise.all(servers.map((server) => server.proc.exited))

    // The floor: the same clients and broadcasts on two bare ws servers (bench/realtime/bare-server.ts).
    console.log('bench:realtime: the floor, two bare ws servers …')
    const bareUrls: string[] = []
    for (let i = 0; i < 2; i++) {
      const port = await freePort()
      const child = fork(path.join(import.meta.dirname, 'bare-server.ts'), {
        env: { ...process.env, PORT: String(port), REDIS_URL: redisUrl, BARE_CHANNEL },
      })
      cleanups.push(async () => {
        if (child.exitCode !== null) return
        const exited = new Promise((resolve) => child.once('exit', resolve))
        child.kill('SIGTERM')
        await exited
      })
      await new Promise((resolve, reject) => {
        child.once('message', resolve)
        child.once('exit', (code) => reject(new Error(`bare server exited with ${code}`)))
      })
      bareUrls.push(`http://127.0.0.1:${port}`)
    }
    const bareFleet = await startFleet({
      urls: bareUrls,
      tokens: sessions.tokens,
      observers: settings.observers,
      workers: settings.workers,
      liveId: LIVE_ID,
      ticks: settings.ticks,
      modes: ['bare'],
      connectConcurrency: settings.connectConcurrency,
    })
    cleanups.push(() => bareFleet.close())
    const barePublisher = new Redis(redisUrl, { lazyConnect: true })
    await barePublisher.connect()
    cleanups.push(() => barePublisher.quit())
    const floor = await measure(bareFleet, 'bare', BARE_LABEL, async (tick) => {
      const message = {
        issued_num: 0,
        channel: SocketChannels.realtimeNotify,
        body: benchNotice('bare', tick),
      }
      await barePublisher.publish(
        BARE_CHANNEL,
        `42${JSON.stringify([SocketChannels.realtimeNotify, message])}`,
      )
      return 1
    })
    await bareFleet.close()
    // What the servers logged (warnings and errors: a Redis link lost, a failed handshake...).
    for (const [i, server] of servers.entries()) {
      const lines = server.proc.output.join('').trim()
      if (lines) console.log(`bench:realtime: process ${i + 1} logged:\n${lines.slice(-4_000)}`)
    }

    const processes: ProcessReport[] = servers.map((server, i) =>
      readProbe(`process ${i + 1}`, server.probe, { idleAt, connectedAt, windows }),
    )
    console.log(JSON.stringify(processes, null, 2))
    const section = renderSection({
      title: SECTION_TITLE,
      settings,
      database: backend.describe,
      redis: `Redis ${(await redisInfo(redisUrl, 'server')).get('redis_version') ?? '?'} on ${new URL(redisUrl).host}`,
      loadAtStart,
      loadAtEnd: (os.loadavg()[0] ?? 0).toFixed(2),
      connect: {
        connected: fleet.connected,
        failed: fleet.failed,
        seconds: connectSeconds,
        p50: percentile(fleet.connectMs, 50),
        p99: percentile(fleet.connectMs, 99),
      },
      results,
      floor,
      processes,
      publisherLog: summarizeLog(publisherLog),
      serverLog: summarizeLog(
        servers
          .flatMap((server) => server.proc.output.join('').split('\n'))
          .filter((line) => /"name":"(realtime|rate-limit)"/.test(line)),
      ),
    })
    writeFileSync(DOCS_FILE, replaceSection(readFileSync(DOCS_FILE, 'utf8'), SECTION_TITLE, section))
    const healthy = fleet.failed === 0 && [...results, floor].every((r) => r.lost === 0 && r.duplicated === 0)
    return healthy ? 0 : 1
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup()
  }
}

process.exitCode = await main()
