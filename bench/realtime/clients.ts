/**
 * Socket clients of bench/realtime, run in worker threads so that receiving does not queue behind the
 * publisher on the main thread. Each worker connects its share of the sessions (over WebSocket, alternating
 * between the servers, as a live connection with `li`), then records every `realtime_notify` the bench
 * sends: the delivery latency from the send time the message carries, and how many times each socket got
 * each message (0 = lost, 2+ = duplicated).
 *
 * The observers are socket.io-client, what the web app runs. The bulk sockets are lean: the same protocol
 * (Engine.IO 4 open, Socket.IO connect with the token, ping/pong, event packets) spoken over a bare `ws`
 * socket, because socket.io-client costs the bench about 45 µs of CPU per message received, and on a
 * machine where the bench shares the CPUs with the servers that is CPU taken from the servers being measured.
 */
import { parentPort, workerData } from 'node:worker_threads'
import { SOCKET_PATH, SocketChannels } from '@velvet/contract'
import { io } from 'socket.io-client'
import WebSocket from 'ws'

export interface ClientsJob {
  urls: string[]
  tokens: string[]
  liveId: string
  /** Messages per mode (one per tick): sizes the per-socket counters. */
  ticks: number
  modes: string[]
  connectConcurrency: number
  /** Bare WebSocket clients speaking the Socket.IO protocol instead of socket.io-client. */
  lean: boolean
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

const sockets: Array<{ close(): void }> = []
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
  return job.lean ? connectLean(index) : connectClient(index)
}

function connectClient(index: number): Promise<number> {
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

/**
 * The Socket.IO protocol over a bare WebSocket: Engine.IO `0` (open) is answered with the Socket.IO connect
 * `40` carrying the token, `40` back means connected (`44` refused), `2` (ping) is answered `3`, and `42`
 * is an event `[channel, message]`.
 */
function connectLean(index: number): Promise<number> {
  const started = now()
  const base = (job.urls[index % job.urls.length] as string).replace(/^http/, 'ws')
  const query = new URLSearchParams({ EIO: '4', transport: 'websocket', li: job.liveId })
  const socket = new WebSocket(`${base}${SOCKET_PATH}/?${query}`)
  sockets.push(socket)
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timeout')), 30_000)
    socket.on('error', (error) => reject(error))
    socket.on('close', () => {
      clearTimeout(timer)
      if (connected[index]) disconnects++
      else reject(new Error('closed before connecting'))
    })
    socket.on('message', (data) => {
      const packet = data.toString()
      if (packet.startsWith('42')) {
        const [channel, message] = JSON.parse(packet.slice(2)) as [string, Parameters<typeof onMessage>[1]]
        if (channel === SocketChannels.realtimeNotify) onMessage(index, message)
      } else if (packet === '2') socket.send('3')
      else if (packet.startsWith('0')) socket.send(`40${JSON.stringify({ token: job.tokens[index] })}`)
      else if (packet.startsWith('40')) {
        clearTimeout(timer)
        connected[index] = 1
        resolve(now() - started)
      } else if (packet.startsWith('44')) reject(new Error(packet.slice(2)))
    })
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
