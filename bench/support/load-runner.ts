import { Worker } from 'node:worker_threads'
import type { LoadJob, LoadMessage, RunSummary } from '../http/load.ts'

/** Runs autocannon in a worker thread (bench/http/load.ts) and checks what came back. */

export function runLoad(job: LoadJob): Promise<{ warmup: RunSummary; measured: RunSummary }> {
  const budgetMs = (job.warmupSeconds + job.durationSeconds + 30) * 1000
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('../http/load.ts', import.meta.url), { workerData: job })
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
export function problemsOf(run: RunSummary): string[] {
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
