/**
 * Minimal types for the parts of autocannon 9 that the benchmarks use (the package ships none).
 * `@types/autocannon` from DefinitelyTyped would replace this file.
 */
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events'

  namespace autocannon {
    interface Options {
      url: string
      method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD' | 'OPTIONS'
      headers?: Record<string, string>
      body?: string
      /** Seconds. */
      duration?: number
      connections?: number
      pipelining?: number
      /** Per-request timeout in seconds. */
      timeout?: number
      /** Count a response whose body differs as a mismatch. */
      expectBody?: string
      /** Stop after this many errors or mismatches. */
      bailout?: number
      /** Run the load in this many worker threads. */
      workers?: number
      title?: string
      /** A fixed request rate over all connections (per second). */
      overallRate?: number
      /** Requests cycled through; setupRequest may change each one before it is sent. */
      requests?: Array<{
        setupRequest?: (request: RawRequest, context: Record<string, unknown>) => RawRequest
      }>
      /** A response whose body this rejects counts as a mismatch (takes precedence over expectBody). */
      verifyBody?: (body: string) => boolean
    }

    interface RawRequest {
      method?: string
      path?: string
      headers?: Record<string, string>
      body?: string
    }

    interface Histogram {
      average: number
      mean: number
      stddev: number
      min: number
      max: number
      total?: number
      p50: number
      p90: number
      p99: number
    }

    interface Result {
      url: string
      connections: number
      pipelining: number
      /** Seconds. */
      duration: number
      start: Date
      finish: Date
      errors: number
      timeouts: number
      mismatches: number
      non2xx: number
      resets: number
      '1xx': number
      '2xx': number
      '3xx': number
      '4xx': number
      '5xx': number
      statusCodeStats: Record<string, { count: number }>
      /** Milliseconds, recorded by autocannon at whole-millisecond resolution. */
      latency: Histogram
      /** Requests per one-second sample; `total` is the number completed. */
      requests: Histogram & { total: number; sent: number }
      throughput: Histogram
    }

    /**
     * What a run resolves with off the main thread (autocannon leaves aggregation to its own worker
     * manager there): counts and base64-encoded histograms.
     */
    interface RawResult {
      totalCompletedRequests: number
      totalRequests: number
      totalBytes: number
      /** One-second samples taken. */
      samples: number
      errors: number
      timeouts: number
      mismatches: number
      non2xx: number
      resets: number
      statusCodeStats: Record<string, { count: number }>
      /** Seconds. */
      duration: number
      start: Date
      finish: Date
    }

    /** Resolves with a Result on the main thread and with a RawResult in a worker thread. */
    interface Instance extends EventEmitter, PromiseLike<Result | RawResult> {
      stop(): void
      on(
        event: 'response',
        listener: (client: unknown, statusCode: number, resBytes: number, responseTimeMs: number) => void,
      ): this
      on(event: 'reqError', listener: (error: Error) => void): this
      on(event: 'reqMismatch', listener: (body: string) => void): this
      on(event: 'done', listener: (result: Result) => void): this
    }
  }

  function autocannon(options: autocannon.Options): autocannon.Instance

  export = autocannon
}
