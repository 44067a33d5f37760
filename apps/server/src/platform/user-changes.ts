import { randomUUID } from 'node:crypto'
import {
  Caching,
  type CallDef,
  chatRead,
  chatTyping,
  commonReport,
  doPostShare,
  notificationReadAll,
  openAppReport,
  postEvent,
  userReport,
} from '@velvet/contract'
import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import {
  closeRedisClient,
  connectWithin,
  createRedisClient,
  PUBLISH_GIVE_UP_MS,
  REDIS_CONNECT_WAIT_MS,
  watchRedisLink,
} from './redis-link.ts'

/**
 * When users last changed, for the caches kept in memory (sessions, first feed pages). A change is a number
 * from one counter of this process: an answer cached from reads that began at `mark()` = m is still good while
 * none of the users it depends on changed after m. `changed` counts here at once and, with Redis, tells the
 * other processes through a pub/sub channel. While that channel is down, nothing may be cached (`mark()` is
 * null), and when it is back every cached answer is dropped: announcements may have been lost meanwhile.
 */
export interface UserChanges {
  /** Something about this user changed (committed or about to be): answers that show them are stale. */
  changed(userId: number): void
  /** The counter now, to take BEFORE reading what will be cached; null while nothing may be cached. */
  mark(): number | null
  /** Whether an answer read from `mark` (and cached at `cachedAt`, clock ms) is still good for these users. */
  fresh(mark: number, userIds: Iterable<number>): boolean
  /** Whether an answer about these users, read from `mark`, may be stored now (none changed lately). */
  storable(mark: number, userIds: Iterable<number>): boolean
  close(): Promise<void>
}

interface Change {
  seq: number
  /** The app's clock (what cache lifetimes are measured with). */
  at: number
  /** Real time (performance.now): how long ago a transaction may still have been committing. */
  real: number
}

/**
 * Changes are kept two generations of `keepMs` (longer than any cache's TTL): an answer older than that has
 * expired anyway, so a change older than that cannot make a live answer stale.
 */
export function createUserChanges(options: {
  now: () => number
  keepMs: number
  publish?: (userId: number) => void
  realNow?: () => number
}): UserChanges & { receive(userId: number): void; reset(): void; setTrusted(trusted: boolean): void } {
  let seq = 1
  let resetAt = 0
  /** Changes up to this number may have been forgotten: answers read from before it are not trusted. */
  let forgottenUpTo = 0
  let seqAtRotation = 0
  let trusted = true
  let current = new Map<number, Change>()
  let previous = new Map<number, Change>()
  let rotatedAt = options.now()
  const realNow = options.realNow ?? (() => performance.now())

  function rotate(now: number): void {
    if (now - rotatedAt < options.keepMs) return
    const keepCurrent = now - rotatedAt < 2 * options.keepMs
    forgottenUpTo = keepCurrent ? seqAtRotation : seq
    previous = keepCurrent ? current : new Map()
    current = new Map()
    rotatedAt = now
    seqAtRotation = seq
  }
  function lastChange(userId: number): Change | undefined {
    return current.get(userId) ?? previous.get(userId)
  }
  function record(userId: number): void {
    const now = options.now()
    rotate(now)
    seq += 1
    current.set(userId, { seq, at: now, real: realNow() })
  }

  return {
    changed(userId) {
      record(userId)
      options.publish?.(userId)
    },
    receive: record,
    reset() {
      seq += 1
      resetAt = seq
    },
    setTrusted(value) {
      trusted = value
    },
    mark: () => (trusted ? seq : null),
    fresh(mark, userIds) {
      rotate(options.now())
      if (!trusted || mark < resetAt || mark < forgottenUpTo) return false
      for (const id of userIds) if ((lastChange(id)?.seq ?? 0) > mark) return false
      return true
    },
    storable(mark, userIds) {
      rotate(options.now())
      if (!trusted || mark < resetAt || mark < forgottenUpTo) return false
      const real = realNow()
      for (const id of userIds) {
        const change = lastChange(id)
        if (change && (change.seq > mark || real - change.real < Caching.settleMs)) return false
      }
      return true
    },
    close: async () => {},
  }
}

/**
 * The process's user changes; with `redisUrl` they are announced to and heard from every other process
 * of this deployment (one pub/sub channel, `<prefix>user-changed`, messages `<process id>:<user id>`; a
 * process skips its own).
 */
export async function startUserChanges(deps: {
  redisUrl: string | undefined
  /** The deployment's REDIS_PREFIX: the channel is `<prefix>user-changed`. */
  redisPrefix: string
  now: () => number
  log: FastifyBaseLogger
}): Promise<UserChanges> {
  const keepMs = Math.max(Caching.sessionSeconds, Caching.feedPageSeconds) * 1000 + Caching.settleMs
  if (!deps.redisUrl) return createUserChanges({ now: deps.now, keepMs })

  const self = randomUUID()
  const channel = `${deps.redisPrefix}user-changed`
  const pub = createRedisClient(deps.redisUrl, { offlineQueue: false, commandTimeout: PUBLISH_GIVE_UP_MS })
  const sub = createRedisClient(deps.redisUrl, { offlineQueue: true })
  const pubLink = watchRedisLink(pub, deps.log, 'user changes reach only this process meanwhile')
  watchRedisLink(sub, deps.log, 'caches are bypassed meanwhile')
  const changes = createUserChanges({
    now: deps.now,
    keepMs,
    publish: (userId) => {
      pub.publish(channel, `${self}:${userId}`).catch((err: unknown) => pubLink.gaveUp(err))
    },
  })
  // Until the subscription is back, another process's change could go unheard: cache nothing, then forget all.
  sub.on('error', () => changes.setTrusted(false))
  sub.on('close', () => changes.setTrusted(false))
  sub.on('ready', () => {
    changes.reset()
    changes.setTrusted(true)
  })
  changes.setTrusted(false)
  const linked = await connectWithin([pub.connect(), sub.connect()], REDIS_CONNECT_WAIT_MS)
  // Queued until the link is up when Redis is down at the start (nothing is cached until then).
  sub.on('message', (from: string, message: string) => {
    if (from !== channel) return
    const [sender, id] = message.split(':')
    const userId = Number(id)
    if (sender !== self && Number.isSafeInteger(userId)) changes.receive(userId)
  })
  const subscribed = sub.subscribe(channel)
  if (linked) await subscribed
  else {
    subscribed.catch((err: unknown) => deps.log.warn({ err }, 'user changes: subscribing failed'))
    deps.log.warn('redis not reachable at start: nothing is cached until it is')
  }
  return {
    ...changes,
    close: async () => {
      await Promise.allSettled([closeRedisClient(pub), closeRedisClient(sub)])
    },
  }
}

/**
 * Calls that are not GETs but change nothing a cache holds (a session's viewer, a feed page): heartbeats,
 * reports, read marks, typing. The client sends some of them every minute or for every post scrolled past;
 * counting them would end the caller's cached answers for nothing. Leaving one out of here only costs a miss.
 */
const QUIET_CALLS: ReadonlySet<CallDef> = new Set<CallDef>([
  userReport,
  openAppReport,
  commonReport,
  postEvent,
  doPostShare,
  chatRead,
  chatTyping,
  notificationReadAll,
])

/**
 * Every other call that is not a GET may change what its caller sees or shows (a follow, a like, an unlock,
 * a post, a logout): the caller's change is recorded before the answer leaves, after the handler's transaction.
 */
export function installChangeHook(app: FastifyInstance, changes: Pick<UserChanges, 'changed'>): void {
  app.addHook('onSend', async (req) => {
    if (req.method === 'GET' || req.method === 'HEAD' || !req.viewer) return
    const call = req.routeOptions.config.call
    if (call && QUIET_CALLS.has(call)) return
    changes.changed(req.viewer.userId)
  })
}
