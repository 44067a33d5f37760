/**
 * Load generator, run in a worker thread by run.ts so that autocannon does not share the servers' event
 * loop. One job: a warm-up run, then a measured run, against one loopback URL. Every response time of the
 * measured run is kept (autocannon's own histogram has whole-millisecond resolution, too coarse here).
 */
import { parentPort, workerData } from 'node:worker_threads'
import autocannon from 'autocannon'

export interface LoadJob {
  url: string
  headers: Record<string, string>
  connections: number
  durationSeconds: number
  warmupSeconds: number
  /** The exact body every response must carry (single-URL jobs). */
  expectBody?: string
  /**
   * Requests rotated through in order, one per request (e.g. one signed feed URL per user), on the origin of
   * `url`; each response body must start with `expectPrefix`.
   */
  targets?: Array<{ path: string; headers: Record<string, string> }>
  expectPrefix?: string
  /** A fixed total request rate (requests per second over all connections); unlimited when absent. */
  overallRate?: number
}

export interface RunSummary {
  durationSeconds: number
  /** autocannon's average of its one-second samples. */
  requestsPerSecond: number
  completed: number
  sent: number
  statusCodes: Record<string, number>
  non2xx: number
  errors: number
  timeouts: number
  mismatches: number
  resets: number
  /** Up to five distinct error messages and mismatching bodies, to say what went wrong. */
  problems: string[]
  /** From every response time, in milliseconds (sub-millisecond precision). */
  latencyMs: { p50: number; p99: number; mean: number; max: number; samples: number }
}

export type LoadMessage =
  | { kind: 'done'; warmup: RunSummary; measured: RunSummary }
  | { kind: 'failed'; message: string }

const isLoopback = (url: string) => {
  const host = new URL(url).hostname
  return /^127\.\d+\.\d+\.\d+$/.test(host) || host === '[::1]' || host === 'localhost'
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN
  const rank = Math.ceil((p / 100) * sorted.length)
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] ?? Number.NaN
}

async function runOnce(job: LoadJob, durationSeconds: number): Promise<RunSummary> {
  const times: number[] = []
  const problems = new Set<string>()
  const note = (text: string) => {
    if (problems.size < 5) problems.add(text.slice(0, 300))
  }
  const targets = job.targets ?? []
  let next = 0
  const instance = autocannon({
    url: job.url,
    method: 'GET',
    headers: job.headers,
    connections: job.connections,
    pipelining: 1,
    duration: durationSeconds,
    timeout: 10,
    ...(job.expectBody !== undefined ? { expectBody: job.expectBody } : {}),
    ...(job.overallRate ? { overallRate: job.overallRate } : {}),
    ...(targets.length > 0
      ? {
          requests: [
            {
              setupRequest: (request) => {
                const target = targets[next++ % targets.length] as (typeof targets)[number]
                return { ...request, path: target.path, headers: { ...request.headers, ...target.headers } }
              },
            },
          ],
          verifyBody: (body: string) => body.startsWith(job.expectPrefix ?? ''),
        }
      : {}),
  })
  instance.on('response', (_client, _status, _bytes, responseTimeMs) => {
    times.push(responseTimeMs)
  })
  instance.on('reqError', (error) => note(`error: ${error.message}`))
  instance.on('reqMismatch', (body) => note(`unexpected body: ${body}`))
  const result = await instance
  // In a worker thread autocannon resolves with its raw counts; on the main thread with the aggregate.
  const counts =
    'totalCompletedRequests' in result
      ? {
          completed: result.totalCompletedRequests,
          sent: result.totalRequests,
          // autocannon's average: the mean of its one-second samples.
          perSecond: result.samples > 0 ? result.totalCompletedRequests / result.samples : Number.NaN,
        }
      : { completed: result.requests.total, sent: result.requests.sent, perSecond: result.requests.average }

  const sorted = Float64Array.from(times).sort()
  const sum = times.reduce((acc, t) => acc + t, 0)
  return {
    durationSeconds: result.duration,
    requestsPerSecond: counts.perSecond,
    completed: counts.completed,
    sent: counts.sent,
    statusCodes: Object.fromEntries(Object.entries(result.statusCodeStats).map(([k, v]) => [k, v.count])),
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    mismatches: result.mismatches,
    resets: result.resets,
    problems: [...problems],
    latencyMs: {
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      mean: times.length ? sum / times.length : Number.NaN,
      max: sorted.length ? (sorted[sorted.length - 1] ?? Number.NaN) : Number.NaN,
      samples: sorted.length,
    },
  }
}

async function main(job: LoadJob): Promise<LoadMessage> {
  if (!isLoopback(job.url)) return { kind: 'failed', message: `refusing a non-loopback URL: ${job.url}` }
  const warmup = await runOnce(job, job.warmupSeconds)
  const measured = await runOnce(job, job.durationSeconds)
  return { kind: 'done', warmup, measured }
}

if (parentPort) {
  const port = parentPort
  main(workerData as LoadJob).then(
    (message) => port.postMessage(message),
    (error: unknown) =>
      port.postMessage({
        kind: 'failed',
        message: error instanceof Error ? (error.stack ?? error.message) : String(error),
      } satisfies LoadMessage),
  )
}
