import type { FastifyBaseLogger } from 'fastify'
import { Redis, type RedisOptions } from 'ioredis'

/**
 * A Redis client (ioredis, the one Redis library of the server) that connects when `connect()` is called
 * (see `connectWithin`) and reconnects by itself after an outage. With `offlineQueue: false` a command while
 * Redis is away fails at once instead of waiting in a queue that would grow for the whole outage (publishes,
 * counters); a subscriber keeps the queue so its subscriptions are sent once the link is up.
 */
export function createRedisClient(
  url: string,
  options: { offlineQueue: boolean } & Pick<RedisOptions, 'commandTimeout' | 'maxRetriesPerRequest'>,
): Redis {
  const { offlineQueue, ...rest } = options
  return new Redis(url, { lazyConnect: true, enableOfflineQueue: offlineQueue, ...rest })
}

/**
 * A publish still unanswered after this is given up (and counted, see `RedisLink.gaveUp`): what it carried
 * is stale by then, and the clients refetch what they missed.
 */
export const PUBLISH_GIVE_UP_MS = 5_000

/** Whether the client is connected and serving commands. */
export const isRedisReady = (client: Redis): boolean => client.status === 'ready'

/** Closes a client: QUIT when it is connected, else drops the connection attempts at once. */
export async function closeRedisClient(client: Redis): Promise<void> {
  if (client.status === 'ready') await client.quit().catch(() => client.disconnect())
  else client.disconnect()
}

/** What a Redis client is for the watch: an emitter of `error` (each failed try) and `ready`. */
interface RedisClientEvents {
  on(event: 'error' | 'ready', listener: (err?: unknown) => void): unknown
}

export interface RedisLink {
  /** Redis has failed since it was last ready. */
  isDown(): boolean
  /**
   * Counts a command given up: during an outage it is reported when Redis is back; otherwise (Redis too
   * slow: a command timed out, or refused) at once, then at most one line per 10 s with the count.
   */
  gaveUp(err: unknown): void
}

/**
 * Follows a Redis client through an outage. The client reconnects on its own, retrying every
 * few seconds and emitting `error` each time: the log gets one line when the outage starts and one when
 * it ends (how long it lasted and how much was given up meanwhile), not one per retry. Commands given up
 * while connected are never silent either.
 */
export function watchRedisLink(client: RedisClientEvents, log: FastifyBaseLogger, what: string): RedisLink {
  let downSince: number | null = null
  let givenUp = 0
  let failures = 0
  let reporting: ReturnType<typeof setTimeout> | null = null
  client.on('error', (err) => {
    if (downSince !== null) return
    downSince = Date.now()
    log.warn({ err }, `redis unreachable: ${what}`)
  })
  client.on('ready', () => {
    if (downSince === null) return
    log.warn({ downMs: Date.now() - downSince, givenUp }, `redis is back: ${what}`)
    downSince = null
    givenUp = 0
  })
  return {
    isDown: () => downSince !== null,
    gaveUp: (err) => {
      if (downSince !== null) {
        givenUp += 1
        return
      }
      if (reporting === null) {
        log.warn({ err }, `redis gave up on a command: ${what}`)
        reporting = setTimeout(() => {
          if (failures > 0) log.warn({ failures }, `redis gave up on more commands in 10 s: ${what}`)
          failures = 0
          reporting = null
        }, 10_000)
        reporting.unref()
      } else failures += 1
    },
  }
}

/** How long a starting process waits for Redis before it goes on without it. */
export const REDIS_CONNECT_WAIT_MS = 3_000

/**
 * Waits for Redis clients to connect, but at most `waitMs`: a normal start is linked before it serves, and a
 * start while Redis is down goes on without it (what needs Redis degrades as during an outage) while the
 * clients keep trying in the background. Answers whether they all connected in time.
 */
export async function connectWithin(connects: Array<Promise<unknown>>, waitMs: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), waitMs)
  })
  const linked = Promise.all(connects).then(
    () => true,
    // A client that gives up its first try goes on retrying by itself.
    () => false,
  )
  try {
    return await Promise.race([linked, late])
  } finally {
    clearTimeout(timer)
  }
}
