/**
 * The floor bench/realtime measures Velvet against: a bare `ws` server that does only what any Redis-backed
 * broadcaster must (hold the sockets, take one message from a Redis channel, write it to every socket), with
 * no socket.io, no session check and no database. It speaks just enough of the Engine.IO 4 / Socket.IO
 * protocol for the bench's clients (open packet, connect answer, ping, event packets), so the very same
 * clients connect to it. Run as a child process of run.ts: `PORT`, `REDIS_URL`, `BARE_CHANNEL`; it answers
 * 'ready' over IPC once it listens and is subscribed.
 */
import http from 'node:http'
import { SOCKET_PATH, Timing } from '@velvet/contract'
import { Redis } from 'ioredis'
import { WebSocketServer } from 'ws'

const port = Number(process.env.PORT)
const channel = process.env.BARE_CHANNEL ?? 'velvet-bench-bare'
const open = JSON.stringify({
  sid: 'bare',
  upgrades: [],
  pingInterval: Timing.heartbeatMs,
  pingTimeout: Timing.heartbeatTimeoutMs,
  maxPayload: 1_000_000,
})

const server = http.createServer()
const sockets = new WebSocketServer({ server, path: `${SOCKET_PATH}/` })
sockets.on('connection', (socket) => {
  socket.send(`0${open}`)
  socket.on('message', (data) => {
    const packet = data.toString()
    if (packet.startsWith('40')) socket.send('40{"sid":"bare"}')
  })
})
// Engine.IO heartbeats, as a socket.io server sends them (else the observers' socket.io-client times out).
const heartbeat = setInterval(() => {
  for (const socket of sockets.clients) socket.send('2')
}, Timing.heartbeatMs)

const subscriber = new Redis(process.env.REDIS_URL ?? '', { lazyConnect: true })
await subscriber.connect()
subscriber.on('messageBuffer', (from: Buffer, data: Buffer) => {
  if (from.toString() !== channel) return
  for (const socket of sockets.clients) socket.send(data, { binary: false })
})
await subscriber.subscribe(channel)
server.listen(port, '127.0.0.1', () => process.send?.('ready'))

process.on('SIGTERM', () => {
  clearInterval(heartbeat)
  for (const socket of sockets.clients) socket.terminate()
  server.close()
  void subscriber.quit().finally(() => process.exit(0))
})
