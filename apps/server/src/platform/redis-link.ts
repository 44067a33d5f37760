import type { FastifyBaseLogger } from 'fastify'

/** What node-redis and ioredis clients both are: emitters of `error` (each failed try) and `ready`. */
interface RedisClientEvents {
  on(event: 'error' | 'ready', listener: (err?: unknown) => void): unknown
}

export interface RedisLink {
  /** Redis has failed since it was last ready. */
  isDown(): boolean
  /** Counts something given up because Redis was away (reported when it is back). */
  gaveUp(): void
}

/**
 * Follows a Redis client through an outage. Both client libraries reconnect on their own, retrying every
 * few seconds and emitting `error` each time: the log gets one line when the outage starts and one when
 * it ends (how long it lasted and how much was given up meanwhile), not one per retry.
 */
export function watchRedisLink(client: RedisClientEvents, log: FastifyBaseLogger, what: string): RedisLink {
  let downSince: number | null = null
  let givenUp = 0
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
    gaveUp: () => {
      givenUp += 1
    },
  }
}
