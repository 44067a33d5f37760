import { createAdapter } from '@socket.io/redis-adapter'
import {
  ErrorCodes,
  type ErrorName,
  SOCKET_PATH,
  type SocketChannel,
  SocketChannels,
  SocketHandshakeAuth,
  SocketHandshakeQuery,
  type SocketPayload,
  SocketPayloads,
  Timing,
} from '@velvet/contract'
import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import { Server } from 'socket.io'
import {
  closeRedisClient,
  connectWithin,
  createRedisClient,
  isRedisReady,
  PUBLISH_GIVE_UP_MS,
  REDIS_CONNECT_WAIT_MS,
  type RedisLink,
  watchRedisLink,
} from './redis-link.ts'
import type { ResolveViewer } from './viewer.ts'

/** How often a process checks that its sockets' sessions are still live (logouts it missed, expiries). */
const SESSION_SWEEP_MS = 60_000

/** Who a message goes to: every socket of a user, of one session, or of one live room. */
export type RealtimeTarget = { userId: number } | { sessionId: number } | { liveId: string }

export interface Realtime {
  /** Validates the body with the contract and emits `{ issued_num, channel, body }` on the channel. */
  publish<C extends SocketChannel>(target: RealtimeTarget, channel: C, body: SocketPayload<C>): void
  /** Whether the user has a connected socket on any process (asks the other processes through Redis). */
  isOnline(userId: number): Promise<boolean>
  /** Disconnects every socket of a session (after a logout), on every process. */
  disconnectSession(sessionId: number): void
}

/** Server→client events, typed from the contract: every channel carries the spec's socket message. */
type ServerEvents = {
  [C in SocketChannel]: (message: { issued_num: number; channel: C; body: SocketPayload<C> }) => void
}

/** What a connected socket knows about its caller (from the token and the handshake query). */
interface SocketData {
  userId: number
  sessionId: number
  deviceId: string | null
  platform: string | null
  liveId: string | null
}

export const roomOf = (target: RealtimeTarget): string =>
  'userId' in target
    ? `user:${target.userId}`
    : 'sessionId' in target
      ? `session:${target.sessionId}`
      : `live:${target.liveId}`

/** A handshake refusal the client can read: `err.message` is the contract message, `err.data.code` the code. */
function refusal(name: ErrorName): Error {
  const entry = ErrorCodes[name]
  return Object.assign(new Error(entry.message), { data: { code: entry.code, message: entry.message } })
}

/**
 * The adapter publishes without waiting for the answer, so a publish that fails (Redis away, or the link
 * dropping under it) would be an unhandled rejection, which ends a Node process. It is counted instead: the
 * local part of the emit has happened, and the other processes' clients refetch what they missed.
 */
function countFailedPublishes(
  pub: { publish(channel: string, message: string | Buffer): Promise<unknown> },
  link: RedisLink,
): void {
  const publish = pub.publish.bind(pub)
  Object.assign(pub, {
    publish(channel: string, message: string | Buffer) {
      const sent = publish(channel, message)
      sent.catch((err: unknown) => link.gaveUp(err))
      return sent
    },
  })
}

/** Same-origin only: a browser handshake from another site is refused (non-browser clients send no Origin). */
function sameOrigin(origin: string | undefined, host: string | undefined): boolean {
  if (!origin) return true
  try {
    return new URL(origin).host === host
  } catch {
    return false
  }
}

/**
 * The socket.io gateway on the app's own HTTP server (DESIGN §6). Connections authenticate with the
 * session token in the handshake `auth`; each socket joins `user:<id>`, `session:<id>` and `live:<li>`.
 * With `redisUrl`, the Redis adapter carries emits between the server processes of this deployment (its
 * channels begin with `redisPrefix`: Redis pub/sub ignores the database number of the URL).
 */
export async function attachRealtime(
  app: FastifyInstance,
  deps: {
    resolveViewer: ResolveViewer
    /** Which of these sessions are still live (not revoked, not expired). */
    liveSessions?: (sessionIds: number[]) => Promise<Set<number>>
    redisUrl: string | undefined
    /** Begins the adapter's channels (the deployment's REDIS_PREFIX): other deployments on the Redis never hear them. */
    redisPrefix: string
    log: FastifyBaseLogger
    /** How often the sockets' sessions are checked (`SESSION_SWEEP_MS` unless a test shortens it). */
    sessionSweepMs?: number
  },
): Promise<Realtime> {
  const io = new Server<Record<string, never>, ServerEvents, Record<string, never>, SocketData>(app.server, {
    path: SOCKET_PATH,
    pingInterval: Timing.heartbeatMs,
    pingTimeout: Timing.heartbeatTimeoutMs,
    serveClient: false,
    allowRequest: (req, callback) => callback(null, sameOrigin(req.headers.origin, req.headers.host)),
  })
  const log = deps.log.child({ name: 'realtime' })

  let closeRedis: (() => Promise<unknown>) | null = null
  /** Whether emits and online checks reach the other processes (always, without Redis: there are none). */
  let linked = () => true
  if (deps.redisUrl) {
    // Publishing fails at once while Redis is away instead of queueing: a queue would grow for the whole
    // outage and replay stale emits after it; clients refetch what they missed instead.
    const pub = createRedisClient(deps.redisUrl, { offlineQueue: false, commandTimeout: PUBLISH_GIVE_UP_MS })
    const sub = createRedisClient(deps.redisUrl, { offlineQueue: true })
    const pubLink = watchRedisLink(pub, log, "emits reach only this process's sockets meanwhile")
    watchRedisLink(sub, log, 'emits of other processes do not reach this one meanwhile')
    // A logout on another process while Redis was away did not reach this one: check the sockets' sessions.
    let missed = false
    sub.on('error', () => {
      missed = true
    })
    sub.on('ready', () => {
      if (!missed) return
      missed = false
      void sweep()
    })
    if (!(await connectWithin([pub.connect(), sub.connect()], REDIS_CONNECT_WAIT_MS)))
      log.warn('redis not reachable at start: emits reach only this process until it is')
    countFailedPublishes(pub, pubLink)
    io.adapter(createAdapter(pub, sub, { key: `${deps.redisPrefix}io` }))
    linked = () => isRedisReady(pub) && isRedisReady(sub)
    closeRedis = () => Promise.allSettled([closeRedisClient(pub), closeRedisClient(sub)])
  }

  io.use(async (socket, next) => {
    const auth = SocketHandshakeAuth.safeParse(socket.handshake.auth)
    if (!auth.success) return next(refusal('NotLoggedIn'))
    const query = SocketHandshakeQuery.safeParse(socket.handshake.query)
    if (!query.success) return next(refusal('ValidationFailed'))
    try {
      const viewer = await deps.resolveViewer(auth.data.token)
      if (!viewer) return next(refusal('NotLoggedIn'))
      const data: SocketData = {
        userId: viewer.userId,
        sessionId: viewer.sessionId,
        deviceId: query.data.di ?? null,
        platform: query.data.pt ?? null,
        liveId: query.data.li ?? null,
      }
      socket.data = data
      next()
    } catch (err) {
      log.error({ err }, 'socket handshake failed')
      next(refusal('Generic'))
    }
  })

  io.on('connection', (socket) => {
    const { userId, sessionId, liveId } = socket.data
    const rooms = [roomOf({ userId }), roomOf({ sessionId })]
    if (liveId) rooms.push(roomOf({ liveId }))
    void socket.join(rooms)
    log.debug({ userId, sessionId }, 'socket connected')
  })

  // Open sockets would keep the HTTP server from closing: drop them first, then the adapter and Redis.
  app.addHook('preClose', async () => {
    io.local.disconnectSockets(true)
    io.engine.close()
  })
  app.addHook('onClose', async () => {
    await io.close().catch(() => undefined)
    await closeRedis?.()
  })

  let sequence = 0
  /** The spec's socket message; `issued_num` increases per process and roughly across them (clients drop repeats). */
  function envelope<C extends SocketChannel>(channel: C, body: SocketPayload<C>) {
    const parsed = SocketPayloads[channel].parse(body)
    sequence = (sequence + 1) % 1000
    return [{ issued_num: Date.now() * 1000 + sequence, channel, body: parsed }] as Parameters<
      ServerEvents[C]
    >
  }

  /**
   * Signs out and drops this process's sockets whose session is no longer live: one logged out or revoked
   * elsewhere while Redis was away (that emit never came), or one that expired while connected. Runs when
   * the Redis link comes back and every `SESSION_SWEEP_MS` (`deps.sessionSweepMs`).
   */
  async function sweep(): Promise<void> {
    if (!deps.liveSessions) return
    const sockets = [...io.of('/').sockets.values()]
    if (sockets.length === 0) return
    try {
      const live = await deps.liveSessions([...new Set(sockets.map((socket) => socket.data.sessionId))])
      for (const socket of sockets) {
        if (live.has(socket.data.sessionId)) continue
        socket.emit(SocketChannels.signout, ...envelope(SocketChannels.signout, { reason: 'revoked' }))
        socket.disconnect(true)
      }
    } catch (err) {
      log.warn({ err }, 'checking the sockets’ sessions failed')
    }
  }
  const sweeping = setInterval(() => void sweep(), deps.sessionSweepMs ?? SESSION_SWEEP_MS)
  sweeping.unref()
  app.addHook('onClose', async () => clearInterval(sweeping))

  return {
    publish(target, channel, body) {
      io.to(roomOf(target)).emit(channel, ...envelope(channel, body))
    },
    async isOnline(userId) {
      const room = roomOf({ userId })
      if (linked()) {
        try {
          return (await io.in(room).fetchSockets()).length > 0
        } catch (err) {
          log.warn({ err, userId }, 'online check across processes failed')
        }
      }
      // Without Redis a process knows only its own sockets: someone connected to another process counts as
      // offline (a web push instead of a banner) until Redis is back.
      return (await io.local.in(room).fetchSockets()).length > 0
    },
    disconnectSession(sessionId) {
      io.in(roomOf({ sessionId })).disconnectSockets(true)
    },
  }
}
