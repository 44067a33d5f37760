import { Worker } from 'node:worker_threads'
import type { ClientsJob, Collected, FromClients } from './clients.ts'

export type Fleet = Awaited<ReturnType<typeof startFleet>>

/**
 * The bench's sockets, in worker threads (bench/realtime/clients.ts): a few "observer" sockets
 * (socket.io-client) alone in their own thread, connected after all the others, and the rest (lean clients)
 * split over `workers` threads. Every socket of a
 * thread handles each broadcast in turn, so the bulk threads' latencies include the bench's own queue
 * (thousands of sockets per thread); the observers' are close to what one client with one socket sees.
 */
export async function startFleet(options: {
  urls: string[]
  tokens: string[]
  observers: number
  workers: number
  liveId: string
  ticks: number
  modes: string[]
  connectConcurrency: number
}) {
  const { tokens, observers, workers: count } = options
  const bulk = tokens.slice(observers)
  const per = Math.ceil(bulk.length / count)
  const slices = Array.from({ length: count }, (_, i) => bulk.slice(i * per, (i + 1) * per))
  const start = (slice: string[], lean: boolean) => {
    const job: ClientsJob = {
      urls: options.urls,
      tokens: slice,
      liveId: options.liveId,
      ticks: options.ticks,
      modes: options.modes,
      connectConcurrency: options.connectConcurrency,
      lean,
    }
    return new Worker(new URL('./clients.ts', import.meta.url), { workerData: job })
  }
  const workers = slices.map((slice) => start(slice, true))
  const close = () => Promise.all(workers.map((worker) => worker.terminate()))
  try {
    const connected = await Promise.all(workers.map((worker) => nextMessage(worker, 'connected', 300_000)))
    // The observers join last: a process writes a broadcast to its sockets in the order they joined, so
    // theirs come at the end of that loop (the worst place), never the start.
    const observer = start(tokens.slice(0, observers), false)
    workers.unshift(observer)
    connected.unshift(await nextMessage(observer, 'connected', 300_000))
    return {
      connected: connected.reduce((n, c) => n + c.connected, 0),
      failed: connected.reduce((n, c) => n + c.failed, 0),
      errors: connected.flatMap((c) => c.errors),
      connectMs: connected.flatMap((c) => c.connectMs).sort((a, b) => a - b),
      /** What every thread counted for one mode; the first entry is the observers'. */
      async collect(mode: string): Promise<Collected[]> {
        const collected: Collected[] = []
        for (const worker of workers) {
          const reply = nextMessage(worker, 'collected', 60_000)
          worker.postMessage({ kind: 'collect', mode })
          collected.push(await reply)
        }
        return collected
      },
      close,
    }
  } catch (error) {
    await close()
    throw error
  }
}

function nextMessage<K extends FromClients['kind']>(worker: Worker, kind: K, timeoutMs: number) {
  return new Promise<Extract<FromClients, { kind: K }>>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${kind} from a client worker`)), timeoutMs)
    const onMessage = (message: FromClients) => {
      if (message.kind !== kind) return
      clearTimeout(timer)
      worker.off('message', onMessage)
      resolve(message as Extract<FromClients, { kind: K }>)
    }
    worker.on('message', onMessage)
    worker.once('error', reject)
  })
}
