/**
 * Loaded into each server process of bench/realtime with `--import` (the server itself is the unchanged
 * `apps/server/src/main.ts`): every 500 ms it appends the process's memory, CPU time and the longest
 * event-loop delay since the last line to the JSON-lines file BENCH_PROBE_FILE.
 */
import { appendFileSync } from 'node:fs'
import { monitorEventLoopDelay } from 'node:perf_hooks'

export interface ProbeSample {
  /** Epoch milliseconds. */
  at: number
  rss: number
  heapUsed: number
  heapTotal: number
  external: number
  /** User + system CPU time since the process started, in milliseconds. */
  cpuMs: number
  /** The longest event-loop delay since the previous sample, in milliseconds. */
  loopDelayMaxMs: number
}

const file = process.env.BENCH_PROBE_FILE
if (file) {
  const delay = monitorEventLoopDelay({ resolution: 10 })
  delay.enable()
  setInterval(() => {
    const memory = process.memoryUsage()
    const cpu = process.cpuUsage()
    const sample: ProbeSample = {
      at: Date.now(),
      rss: memory.rss,
      heapUsed: memory.heapUsed,
      heapTotal: memory.heapTotal,
      external: memory.external,
      cpuMs: (cpu.user + cpu.system) / 1000,
      loopDelayMaxMs: delay.max / 1e6,
    }
    delay.reset()
    appendFileSync(file, `${JSON.stringify(sample)}\n`)
  }, 500).unref()
}
