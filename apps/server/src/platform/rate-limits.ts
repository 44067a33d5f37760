import rateLimit from '@fastify/rate-limit'
import type { FastifyInstance } from 'fastify'
import type { Redis } from 'ioredis'
import { AppError } from './errors.ts'
import {
  closeRedisClient,
  connectWithin,
  createRedisClient,
  REDIS_CONNECT_WAIT_MS,
  watchRedisLink,
} from './redis-link.ts'
import { isApiPath } from './web.ts'

/**
 * @fastify/rate-limit on every route (a route may set its own limit through `registerCall`). Counts live in
 * memory, or in Redis when `redisUrl` is set so that every process counts together (keys under the
 * deployment's `redisPrefix`). A limit guards the
 * service, it is not worth an outage: while Redis is unreachable requests go through uncounted at once
 * (`skipOnError`; no offline queue and a 500 ms command timeout, so a request never waits for Redis), and
 * a process started while Redis is down serves uncounted until it is up.
 */
export async function registerRateLimits(
  app: FastifyInstance,
  options: { perMinute: number; redisUrl: string | undefined; redisPrefix: string },
): Promise<void> {
  let redis: Redis | null = null
  if (options.redisUrl) {
    redis = createRedisClient(options.redisUrl, {
      offlineQueue: false,
      commandTimeout: 500,
      maxRetriesPerRequest: 1,
    })
    const log = app.log.child({ name: 'rate-limit' })
    watchRedisLink(redis, log, 'requests are not rate limited meanwhile')
    if (!(await connectWithin([redis.connect()], REDIS_CONNECT_WAIT_MS)))
      log.warn('redis not reachable at start: requests are not rate limited until it is')
    const client = redis
    app.addHook('onClose', async () => closeRedisClient(client))
  }
  await app.register(rateLimit, {
    max: options.perMinute,
    timeWindow: '1 minute',
    ...(redis ? { redis, nameSpace: `${options.redisPrefix}rl:`, skipOnError: true } : {}),
    errorResponseBuilder: () => new AppError('RateLimited'),
    // The built web app (scripts, styles, icons, index.html) is not API traffic: a page load fetches dozens.
    allowList: (req) => req.method === 'GET' && !isApiPath(req.url),
  })
}
