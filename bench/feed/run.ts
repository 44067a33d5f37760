/**
 * Feed benchmark: PostgreSQL filled with 100k users, 1M posts and a skewed follow graph; the home
 * feed (`GET /fapi/core/feed/home/`) of many different fans against a bare Fastify route in the same run, at full
 * speed and at a fixed 1,000 req/s; their second pages (never cached: every request reads the database) at full
 * speed; then the time for a new post of the most followed creator to reach the feeds of (up to) 10,000 of its
 * followers.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:feed    (from the repository root)
 *   BENCH_FEED_SCALE=0.01 …    (a hundredth of the data, to check the bench itself quickly)
 *
 * Loopback only; a scratch database is created and dropped. Writes its section of docs/benchmarks.md.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Caching, createPost, homeFeed, okBody, Posts, savePost } from '@velvet/contract'
import type { RunSummary } from '../http/load.ts'
import { replaceSection, table } from '../http/markdown.ts'
import { callApi, signedGet } from '../support/calls.ts'
import { type CpuSplit, startCpuSplit } from '../support/cpu.ts'
import { envNumber } from '../support/env.ts'
import { ms, ratio, rps } from '../support/format.ts'
import { problemsOf, runLoad } from '../support/load-runner.ts'
import { openBackend, startBare, startVelvet } from '../support/servers.ts'
import { createSessions, followersOf, fullScale, generateFeedData, sampleFans, scaled } from './generate.ts'

const SECTION_TITLE = 'Feed: home feed on 100k users and 1M posts (PostgreSQL)'
const DOCS_FILE = path.resolve(import.meta.dirname, '../../docs/benchmarks.md')

const settings = {
  durationSeconds: envNumber('BENCH_DURATION', 10, 300, { integer: false }),
  warmupSeconds: envNumber('BENCH_WARMUP', 3, 30, { integer: false }),
  connections: envNumber('BENCH_CONNECTIONS', 10, 500),
  fixedRate: envNumber('BENCH_FEED_RATE', 1_000, 100_000),
  scale: envNumber('BENCH_FEED_SCALE', 1, 1, { integer: false }),
  readers: envNumber('BENCH_FEED_READERS', 1_000, 20_000),
  fanout: envNumber('BENCH_FANOUT', 10_000, 100_000),
  fanoutConcurrency: envNumber('BENCH_FANOUT_CONCURRENCY', 50, 1_000),
}

interface Row {
  label: string
  run: RunSummary
}

const loadAverage = () => (os.loadavg()[0] ?? 0).toFixed(2)

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN
  return sorted[Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length))) - 1] ?? Number.NaN
}

async function main(): Promise<number> {
  const databaseUrl = process.env.DATABASE_URL?.trim()
  if (!databaseUrl) {
    console.error('bench:feed needs DATABASE_URL (a loopback PostgreSQL; a scratch database is made there)')
    return 2
  }
  setTimeout(() => {
    console.error('bench:feed: still running after 30 minutes, giving up')
    process.exit(2)
  }, 30 * 60_000).unref()

  const loadAtStart = loadAverage()
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'velvet-bench-feed-'))
  const cleanups: Array<() => Promise<void>> = [async () => rmSync(dataDir, { recursive: true, force: true })]
  try {
    const bare = await startBare()
    cleanups.push(() => bare.app.close())
    const backend = await openBackend(databaseUrl)
    cleanups.push(() => backend.close())
    if (backend.database.kind !== 'postgres') throw new Error('expected PostgreSQL')
    const pool = backend.database.pool

    const scale = settings.scale === 1 ? fullScale : scaled(settings.scale)
    console.log(`bench:feed: generating ${scale.users} users, ${scale.posts} posts …`)
    const data = await generateFeedData(pool, scale)
    console.log(
      `bench:feed: generated in ${data.seconds.toFixed(1)} s: ${data.follows} follows; the top creator has ` +
        `${data.topCreator.followers} followers`,
    )

    const velvet = await startVelvet(backend.database, dataDir)
    cleanups.push(() => velvet.app.close())
    const base = velvet.base

    // Readers: fans with a non-empty feed, one signed URL each, rotated through by the load generator.
    const readers = await sampleFans(pool, settings.readers)
    const readerTokens = await createSessions(pool, readers)
    const signAll = () =>
      Promise.all(
        readers.map((id) =>
          signedGet(homeFeed, velvet.clientKey, readerTokens.get(id) as string, {
            limit: Posts.feedPageSize,
          }),
        ),
      )
    const probe = await signAll()
    const first = probe[0]
    if (!first) throw new Error('no readers')
    const sample = await fetch(`${base}${first.path}`, { headers: first.headers })
    const sampleText = await sample.text()
    const sampleBody = okBody(homeFeed.response).safeParse(JSON.parse(sampleText))
    if (!sample.ok || !sampleBody.success || sampleBody.data.data.list.length === 0) {
      throw new Error(`the feed answered ${sample.status} or an empty page for a reader`)
    }

    const load = {
      connections: settings.connections,
      durationSeconds: settings.durationSeconds,
      warmupSeconds: settings.warmupSeconds,
      headers: {},
    }
    // Each feed run signs its requests afresh (a signature's timestamp ages).
    const feedLoad = async () => ({
      ...load,
      url: base,
      targets: await signAll(),
      expectPrefix: '{"result":"ok"',
    })
    console.log('bench:feed: bare Fastify …')
    const bareRun = await runLoad({ ...load, url: bare.url, expectBody: '{"result":"ok","data":{}}' })
    console.log('bench:feed: home feed, full speed …')
    const feedLoadJob = await feedLoad()
    const cpuOfFeed = startCpuSplit()
    const feedRun = await runLoad(feedLoadJob)
    const feedCpu = cpuOfFeed()
    const feedRequests = feedRun.warmup.completed + feedRun.measured.completed
    console.log(`bench:feed: home feed at ${settings.fixedRate} req/s …`)
    const fixedRun = await runLoad({ ...(await feedLoad()), overallRate: settings.fixedRate })

    // Second pages: a cursor is never cached, so each request runs the page's statements on PostgreSQL.
    const cursors = await firstCursors(readers, (id) =>
      callApi(base, homeFeed, velvet.clientKey, readerTokens.get(id) as string, {
        limit: Posts.feedPageSize,
      }),
    )
    console.log(`bench:feed: second pages (${cursors.size} readers), full speed …`)
    const secondTargets = await Promise.all(
      [...cursors].map(([id, cursor]) =>
        signedGet(homeFeed, velvet.clientKey, readerTokens.get(id) as string, {
          limit: Posts.feedPageSize,
          cursor,
        }),
      ),
    )
    const cpuOfSecond = startCpuSplit()
    const secondRun = await runLoad({
      ...load,
      url: base,
      targets: secondTargets,
      expectPrefix: '{"result":"ok"',
    })
    const secondCpu = cpuOfSecond()
    const secondRequests = secondRun.warmup.completed + secondRun.measured.completed

    // Fan-out: the most followed creator publishes a post; each sampled follower reads its first feed page
    // (several readers at once) until the post is there.
    const creatorId = data.topCreator.id
    const creatorToken = (await createSessions(pool, [creatorId])).get(creatorId) as string
    const mediaRow = await pool.query('SELECT id FROM media WHERE owner_id = $1 ORDER BY id LIMIT 1', [
      creatorId,
    ])
    const followers = await followersOf(pool, creatorId, settings.fanout)
    const followerTokens = await createSessions(pool, followers)
    const { post_id } = await callApi(base, createPost, velvet.clientKey, creatorToken, { from: 1 })
    const published = await callApi(base, savePost, velvet.clientKey, creatorToken, {
      post_id,
      action: 'publish',
      caption: 'Fresh post for the fan-out measurement',
      media: [{ media_id: Number(mediaRow.rows[0]?.id), is_free_preview: false }],
      visibility: 1,
    })
    const publishedAt = performance.now()
    if (published.post.post_id !== post_id) throw new Error('publish answered another post')
    const delays: number[] = []
    const readLatencies: number[] = []
    let reads = 0
    let missing = 0
    const queue = [...followers]
    const worker = async () => {
      for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
        const token = followerTokens.get(id) as string
        let seen = false
        for (let attempt = 0; attempt < 20 && !seen; attempt++) {
          const started = performance.now()
          const page = await callApi(base, homeFeed, velvet.clientKey, token, { limit: Posts.feedPageSize })
          reads++
          readLatencies.push(performance.now() - started)
          seen = page.list.some((post) => post.post_id === post_id)
          if (seen) delays.push(performance.now() - publishedAt)
          else await new Promise((resolve) => setTimeout(resolve, 100))
        }
        if (!seen) missing++
      }
    }
    await Promise.all(Array.from({ length: settings.fanoutConcurrency }, worker))
    delays.sort((a, b) => a - b)
    readLatencies.sort((a, b) => a - b)
    const fanout = {
      followers: followers.length,
      reached: delays.length,
      missing,
      reads,
      p50: percentile(delays, 50),
      p99: percentile(delays, 99),
      max: delays.at(-1) ?? Number.NaN,
      readP50: percentile(readLatencies, 50),
      readP99: percentile(readLatencies, 99),
    }

    const rows: Row[] = [
      { label: 'bare Fastify 5, `GET /bare`, full speed', run: bareRun.measured },
      { label: 'home feed, full speed', run: feedRun.measured },
      { label: `home feed at a fixed ${rps(settings.fixedRate)} req/s`, run: fixedRun.measured },
      { label: 'home feed, second page (never cached), full speed', run: secondRun.measured },
    ]
    for (const row of rows) {
      const r = row.run
      console.log(
        `${row.label}: ${rps(r.requestsPerSecond)} req/s, p50 ${ms(r.latencyMs.p50)} ms, p99 ${ms(r.latencyMs.p99)} ms`,
      )
    }
    console.log(`CPU per feed request (full speed): ${cpuLine(feedCpu, feedRequests)}`)
    console.log(`CPU per second-page request: ${cpuLine(secondCpu, secondRequests)}`)
    console.log(
      `fan-out: ${fanout.reached}/${fanout.followers} followers saw the post; p50 ${ms(fanout.p50)} ms, ` +
        `p99 ${ms(fanout.p99)} ms after publishing (${fanout.reads} reads, read p99 ${ms(fanout.readP99)} ms)`,
    )

    const problems = [bareRun, feedRun, fixedRun, secondRun].flatMap((run, index) =>
      [...problemsOf(run.warmup), ...problemsOf(run.measured)].map((p) => `${rows[index]?.label}: ${p}`),
    )
    if (fanout.missing > 0) problems.push(`${fanout.missing} followers never saw the new post`)
    if (problems.length > 0) {
      console.error(`bench:feed: FAILED:\n  - ${problems.join('\n  - ')}`)
      return 1
    }

    const section = render({
      data,
      scale,
      rows,
      fanout,
      backend: backend.describe,
      cpu: cpuLine(feedCpu, feedRequests),
      answerBytes: Buffer.byteLength(sampleText),
      secondCpu: cpuLine(secondCpu, secondRequests),
      load: { start: loadAtStart, end: loadAverage() },
    })
    const previous = existsSync(DOCS_FILE) ? readFileSync(DOCS_FILE, 'utf8') : ''
    writeFileSync(DOCS_FILE, replaceSection(previous, SECTION_TITLE, section))
    console.log(`bench:feed: wrote "${SECTION_TITLE}" in ${DOCS_FILE}`)
    return 0
  } finally {
    for (let step = cleanups.pop(); step; step = cleanups.pop()) {
      await step().catch((error: unknown) => console.error('bench:feed: cleanup step failed:', error))
    }
  }
}

/** The cursor of each reader's first page (readers with a single page have none), ten readers at a time. */
async function firstCursors(
  readers: number[],
  firstPage: (id: number) => Promise<{ cursor: string | null }>,
): Promise<Map<number, string>> {
  const cursors = new Map<number, string>()
  const queue = [...readers]
  const worker = async () => {
    for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
      const { cursor } = await firstPage(id)
      if (cursor) cursors.set(id, cursor)
    }
  }
  await Promise.all(Array.from({ length: 10 }, worker))
  return cursors
}

/** CPU time per request of a run: the app's main thread, the other threads, PostgreSQL. */
function cpuLine(cpu: CpuSplit, requests: number): string {
  const per = (value: number) => (requests > 0 ? (value / requests).toFixed(2) : '?')
  return (
    `app main thread ${per(cpu.mainMs)} ms, load generator and other threads ${per(cpu.otherThreadsMs)} ms, ` +
    `PostgreSQL ${cpu.postgresMs === null ? 'not measured (not a local process)' : `${per(cpu.postgresMs)} ms`}`
  )
}

function render(input: {
  data: Awaited<ReturnType<typeof generateFeedData>>
  scale: typeof fullScale
  rows: Row[]
  fanout: {
    followers: number
    reached: number
    reads: number
    p50: number
    p99: number
    max: number
    readP50: number
    readP99: number
  }
  backend: string
  cpu: string
  /** The size of one first-page answer (what the cache keeps per viewer). */
  answerBytes: number
  secondCpu: string
  load: { start: string; end: string }
}): string {
  const { data, scale, rows, fanout } = input
  const [bare, full, fixed, second] = rows as [Row, Row, Row, Row]
  const cpus = os.cpus()
  return [
    `## ${SECTION_TITLE}`,
    '',
    '<!-- Written by bench/feed/run.ts on every run; edits here are overwritten. -->',
    '',
    `- Date: ${new Date().toISOString().replace(/\.\d+Z$/, 'Z')}`,
    `- Machine: Node ${process.version}, ${os.platform()} ${os.arch()}, ${cpus.length} CPUs` +
      `${cpus[0] ? `, ${cpus[0].model.trim()}` : ''}; the app, PostgreSQL and the load generator share them`,
    `- Backend: ${input.backend}`,
    `- Data: ${scale.users.toLocaleString('en-US')} users (${scale.creators.toLocaleString('en-US')} creators), ` +
      `${data.posts.toLocaleString('en-US')} published posts over two years, ` +
      `${data.follows.toLocaleString('en-US')} follows (${scale.followsMin}-${scale.followsMax} per fan, skewed: ` +
      `the top creator has ${data.topCreator.followers.toLocaleString('en-US')} followers); generated in ` +
      `${data.seconds.toFixed(0)} s`,
    `- Load: autocannon, ${settings.connections} connections, ${settings.warmupSeconds} s warm-up then ` +
      `${settings.durationSeconds} s measured per row; the feed rows rotate through ${settings.readers} fans' ` +
      `signed first-page requests (limit ${Posts.feedPageSize}); every response was 2xx with an ok body.`,
    '- Command: `DATABASE_URL=postgres://…@127.0.0.1:5432/postgres npm run bench:feed`',
    '',
    table(
      ['Target', 'req/s (avg)', 'p50 (ms)', 'p99 (ms)', 'responses'],
      [
        ...rows.map((row) => [
          row.label,
          rps(row.run.requestsPerSecond),
          ms(row.run.latencyMs.p50),
          ms(row.run.latencyMs.p99),
          row.run.completed.toLocaleString('en-US'),
        ]),
        [
          '**feed ÷ bare** (full speed)',
          `**${ratio(full.run.requestsPerSecond / bare.run.requestsPerSecond)}**`,
          ratio(full.run.latencyMs.p50 / bare.run.latencyMs.p50),
          ratio(full.run.latencyMs.p99 / bare.run.latencyMs.p99),
          '',
        ],
      ],
    ),
    '',
    `Goals: ≥ 3,000 req/s and p99 ≤ 50 ms at 1,000 req/s. Measured here: ` +
      `${rps(full.run.requestsPerSecond)} req/s at full speed; at the fixed rate the app answered ` +
      `${rps(fixed.run.requestsPerSecond)} req/s with p99 ${ms(fixed.run.latencyMs.p99)} ms.`,
    '',
    'The first page is what opening the home screen reads, and each process keeps its answer per viewer for up ' +
      'to 15 s, ended by any change of the viewer or of a creator in the feed (docs/decisions.md, "Feed speed"): ' +
      `the full-speed row, where each of the ${settings.readers} fans reads about ` +
      `${((full.run.requestsPerSecond * 15) / settings.readers).toFixed(0)} times in 15 s, is mostly answers ` +
      'from memory. The second-page row reads the database on every request (a cursor is never cached): ' +
      `${rps(second.run.requestsPerSecond)} req/s, p99 ${ms(second.run.latencyMs.p99)} ms; CPU per request ` +
      `there: ${input.secondCpu}. A first-page answer is ${(input.answerBytes / 1024).toFixed(1)} KB of JSON, ` +
      `so the ${Caching.feedPages.toLocaleString('en-US')} a process keeps at most hold about ` +
      `${((input.answerBytes * Caching.feedPages) / 1024 ** 2).toFixed(0)} MB (as UTF-16 strings, up to twice that).`,
    '',
    `CPU per first-page request at full speed (warm-up included): ${input.cpu}. The app, PostgreSQL and the load ` +
      `generator share ${cpus.length} CPUs, so ${rps(3_000)} req/s would leave them ` +
      `${((cpus.length * 1000) / 3_000).toFixed(2)} ms of CPU per request all together. 1-minute load average ` +
      `of the machine at the start and the end of the run: ${input.load.start} / ${input.load.end} ` +
      `(other work on a shared machine shows here). What was done for speed and what is left: ` +
      'docs/decisions.md, "Feed speed (issue 5)".',
    '',
    `Fan-out: the top creator published a post through the API; ${fanout.followers.toLocaleString('en-US')} of ` +
      `its followers then read their first feed page, ${settings.fanoutConcurrency} at a time. ` +
      `${fanout.reached.toLocaleString('en-US')} saw the post on their first read after the publish answer ` +
      `(${fanout.reads.toLocaleString('en-US')} reads in all). The feed is read-time fan-out: a post is in every ` +
      'follower\u2019s feed as soon as its transaction commits, so the time for it to reach a follower is the ' +
      `latency of that follower\u2019s next read: p50 ${ms(fanout.readP50)} ms, p99 ${ms(fanout.readP99)} ms ` +
      `(goal p99 ≤ 2,000 ms). Reading all ${fanout.followers.toLocaleString('en-US')} feeds one after another ` +
      `through ${settings.fanoutConcurrency} connections took until p50 ${ms(fanout.p50)} ms / p99 ` +
      `${ms(fanout.p99)} ms / max ${ms(fanout.max)} ms after the publish answer: that is the feed's throughput, ` +
      'not propagation.',
  ].join('\n')
}

main().then(
  (code) => {
    process.exitCode = code
    setTimeout(() => process.exit(code), 2_000).unref()
  },
  (error: unknown) => {
    console.error('bench:feed: FAILED:', error)
    process.exit(1)
  },
)
