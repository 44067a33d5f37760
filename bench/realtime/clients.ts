/**
 * Socket clients of bench/realtime, run in worker threads so that receiving does not queue behind the
 * publisher on the main thread. Each worker connects its share of the sessions (socket.io-client over
 * WebSocket, alternating between the servers, as a live connection with `li`), then records every
 * `realtime_notify` the bench sends: the delivery latency from the send time the message carries, and how
 * many times each socket got each message (0 = lost, 2+ = duplicated).
 */
import { parentPort, workerData } from 'node:worker_threads'
import { SOCKET_PATH, SocketChannels } from '@velvet/contract'
import { io, type Socket } from 'socket.io-client'

export interface ClientsJob {
  urls: string[]
  tokens: string[]
  liveId: string
  /** Messages per mode (one per tick): sizes the per-socket counters. */
  ticks: number
  modes: string[]
  connectConcurrency: number
}

export type ToClients = { kind: 'collect'; mode: string } | { kind: 'close' }

export interface Collected {
  kind: 'collected'
  mode: string
  /** Delivery latency of every message received, in milliseconds. */
  latencies: Float64Array
  /** Connected sockets × ticks. */
  expected: number
  /** (socket, tick) pairs that never arrived. */
  lost: number
  /** Deliveries beyond the first of a (socket, tick). */
  duplicated: number
  /** Sockets that disconnected after connecting (their later messages count as lost). */
  disconnects: number
}

export type FromClients =
  | { kind: 'connected'; connected: number; failed: number; errors: string[]; connectMs: number[] }
  | Collected

const job = workerData as ClientsJob
const port = parentPort
if (!port) throw new Error('clients.ts runs in a worker thread')
const now = () => performance.timeOrigin + performance.now()

const sockets: Socket[] = []
const connected = new Uint8Array(job.tokens.length)
/** Per mode: latency of every delivery, and deliveries per (socket, tick). */
const latencies = new Map(job.modes.map((mode) => [mode, [] as number[]]))
const counts = new Map(job.modes.map((mode) => [mode, new Uint16Array(job.tokens.length * job.ticks)]))
let disconnects = 0

/** The bench's messages: id `<mode>:<tick>`, content the send time (epoch ms). */
function onMessage(index: number, message: { body?: { id?: string; content?: string } }) {
  const arrived = now()
  const [mode, tick] = (message.body?.id ?? '').split(':')
  const perSocket = counts.get(mode ?? '')
  const seq = Number(tick)
  if (!perSocket || !Number.isInteger(seq) || seq < 0 || seq >= job.ticks) return
  perSocket[index * job.ticks + seq] = (perSocket[index * job.ticks + seq] ?? 0) + 1
  latencies.get(mode as string)?.push(arrived - Number(message.body?.content))
}

function connect(index: number): Promise<number> {
  const started = now()
  const socket = io(job.urls[index % job.urls.length], {
    path: SOCKET_PATH,
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    timeout: 30_000,
    auth: { token: job.tokens[index] },
    query: { li: job.liveId },
  })
  sockets.push(socket)
  socket.on(SocketChannels.realtimeNotify, (message) => onMessage(index, message))
  return new Promise((resolve, reject) => {
    socket.once('connect', () => {
      connected[index] = 1
      socket.on('disconnect', () => disconnects++)
      resolve(now() - started)
    })
    socket.once('connect_error', (error) => reject(error))
  })
}

async function connectAll() {
  let next = 0
  let failed = 0
  const errors = new Set<string>()
  const connectMs: number[] = []
  const worker = async () => {
    for (let index = next++; index < job.tokens.length; index = next++) {
      try {
        connectMs.push(await connect(index))
      } catch (error) {
        failed++
        errors.add(error instanceof Error ? error.message : String(error))
      }
    }
  }
  await Promise.all(Array.from({ length: job.connectConcurrency }, worker))
  const message: FromClients = {
    kind: 'connected',
    connected: connectMs.length,
    failed,
    errors: [...errors].slice(0, 5),
    connectMs,
  }
  port?.postMessage(message)
}

function collect(mode: string): Collected {
  const perSocket = counts.get(mode) ?? new Uint16Array(0)
  let expected = 0
  let lost = 0
  let duplicated = 0
  for (let index = 0; index < job.tokens.length; index++) {
    if (!connected[index]) continue
    for (let tick = 0; tick < job.ticks; tick++) {
      const n = perSocket[index * job.ticks + tick] ?? 0
      expected++
      if (n === 0) lost++
      else duplicated += n - 1
    }
  }
  const collected = Float64Array.from(latencies.get(mode) ?? [])
  return { kind: 'collected', mode, latencies: collected, expected, lost, duplicated, disconnects }
}

port.on('message', (message: ToClients) => {
  if (message.kind === 'collect') {
    const reply = collect(message.mode)
    port?.postMessage(reply, [reply.latencies.buffer as ArrayBuffer])
  } else {
    for (const socket of sockets) socket.close()
    port?.close()
  }
})

await connectAll()
