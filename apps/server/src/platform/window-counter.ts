import type { FastifyBaseLogger } from 'fastify'
import {
  closeRedisClient,
  connectWithin,
  createRedisClient,
  REDIS_CONNECT_WAIT_MS,
  watchRedisLink,
} from './redis-link.ts'

/**
 * Counts events per key in fixed windows (a window starts with its first event and lasts `windowMs`).
 * `hit` counts one event and answers how many the window holds with it, in one step: two callers at once
 * never read the same count. Time is the caller's clock (`now`, ms), so rules stay testable.
 */
export interface WindowCounter {
  hit(key: string, windowMs: number, now: number): Promise<number>
  close(): Promise<void>
}

/** Counts in this process's memory (the fallback, and the counter when no Redis is configured). */
export function memoryWindowCounter(maxKeys = 100_000): WindowCounter {
  const windows = new Map<string, { count: number; endsAt: number }>()
  return {
    async hit(key, windowMs, now) {
      const window = windows.get(key)
      if (window && window.endsAt > now) {
        window.count += 1
        return window.count
      }
      if (windows.size >= maxKeys) {
        for (const [k, w] of windows) if (w.endsAt <= now) windows.delete(k)
        // Still full of live windows: forget the oldest rather than grow without bound.
        if (windows.size >= maxKeys) windows.delete(windows.keys().next().value as string)
      }
      windows.set(key, { count: 1, endsAt: now + windowMs })
      return 1
    },
    async close() {
      windows.clear()
    },
  }
}

/**
 * One window in a Redis hash (count `n`, end `e` on the caller's clock), counted and read in one atomic
 * script. The key expires with its window (on Redis's clock; `e` decides, so a caller's test clock works).
 */
const HIT_SCRIPT = `
local now = tonumber(ARGV[1])
local ends = tonumber(redis.call('HGET', KEYS[1], 'e') or '0')
if ends <= now then
  redis.call('HSET', KEYS[1], 'n', 1, 'e', now + tonumber(ARGV[2]))
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  return 1
end
return redis.call('HINCRBY', KEYS[1], 'n', 1)`

/**
 * A window counter shared by every process through Redis when `redisUrl` is set, else in memory. Like the
 * rate limits (platform/rate-limits.ts), a Redis outage never fails or slows a request: no offline queue, a
 * 500 ms command timeout, and while Redis is unreachable (or a command fails) this process counts in its own
 * memory, so a limit still holds per process until Redis is back.
 */
export async function createWindowCounter(options: {
  redisUrl: string | undefined
  /** Prepended to every key (one namespace per use). */
  prefix: string
  log: FastifyBaseLogger
}): Promise<WindowCounter> {
  const local = memoryWindowCounter()
  if (!options.redisUrl) return local
  const redis = createRedisClient(options.redisUrl, {
    offlineQueue: false,
    commandTimeout: 500,
    maxRetriesPerRequest: 1,
  })
  const log = options.log.child({ name: 'window-counter' })
  const link = watchRedisLink(redis, log, 'limits are counted per process meanwhile')
  if (!(await connectWithin([redis.connect()], REDIS_CONNECT_WAIT_MS)))
    log.warn('redis not reachable at start: limits are counted per process until it is')
  return {
    async hit(key, windowMs, now) {
      if (link.isDown()) return local.hit(key, windowMs, now)
      try {
        return Number(await redis.eval(HIT_SCRIPT, 1, `${options.prefix}${key}`, now, windowMs))
      } catch (err) {
        link.gaveUp(err)
        return local.hit(key, windowMs, now)
      }
    },
    async close() {
      await local.close()
      await closeRedisClient(redis)
    },
  }
}
