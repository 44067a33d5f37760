/**
 * Two deployments on one Redis. Redis pub/sub ignores the database number of the URL, so
 * deployments on `redis://…/1` and `redis://…/2` heard each other's socket emits (chat events included)
 * and presence, and deployments on the same number shared rate-limit counts. Every channel and key now
 * begins with the deployment's prefix (REDIS_PREFIX; by default derived from the database name or, on
 * PGlite, the public address): each deployment hears only itself. Needs a Redis server (`npm run test:pg`).
 */
import { randomInt } from 'node:crypto'
import { clientConfig, SocketChannels } from '@velvet/contract'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeAccount } from '../test/factories.ts'
import { startTestApp, type TestApp } from '../test/harness.ts'
import { collect, connectSocket, sleep } from '../test/sockets.ts'
import { readConfig } from './config.ts'
import { startUserChanges } from './user-changes.ts'

const redisUrl = process.env.REDIS_URL
/** The describe below is skipped without REDIS_URL, but its body is still read: keep it a valid URL. */
const serverUrl = redisUrl ?? 'redis://127.0.0.1:6379'

/** The same Redis server with another database number. */
function withDatabase(url: string, index: number): string {
  const target = new URL(url)
  target.pathname = `/${index}`
  return target.toString()
}

describe.skipIf(!redisUrl)('two deployments on one Redis', () => {
  // Two deployments on PGlite, told apart by their public address (the default prefix comes from it).
  const run = `${process.pid}-${randomInt(1_000_000)}`
  const envA = {
    REDIS_URL: withDatabase(serverUrl, 1),
    PUBLIC_URL: `http://a-${run}.velvet.test`,
    RATE_LIMIT_PER_MINUTE: '3',
  }
  const envB = {
    REDIS_URL: withDatabase(serverUrl, 2),
    PUBLIC_URL: `http://b-${run}.velvet.test`,
    RATE_LIMIT_PER_MINUTE: '3',
  }
  let a: TestApp
  let b: TestApp
  let urlA: string

  beforeAll(async () => {
    a = await startTestApp(envA)
    b = await startTestApp(envB)
    urlA = await a.listen()
  })
  afterAll(async () => {
    await a?.close()
    await b?.close()
  })

  it('derives a different prefix for each deployment', () => {
    expect(readConfig(envA).redisPrefix).toBe(`velvet:a-${run}.velvet.test:`)
    expect(readConfig(envB).redisPrefix).not.toBe(readConfig(envA).redisPrefix)
  })

  it("never delivers one deployment's socket emits to the other's sockets, nor sees them online", async () => {
    const fan = await makeAccount(a)
    const socket = await connectSocket(urlA, { token: fan.token })
    try {
      const typing = collect(socket, SocketChannels.chatTyping)
      // B has a user with the same id (both databases count from the same start) and talks to them.
      expect(await b.app.services.realtime.isOnline(fan.userId)).toBe(false)
      b.app.services.realtime.publish({ userId: fan.userId }, SocketChannels.chatTyping, {
        conversation_id: '1',
        user_id: 1,
      })
      // A's own emit still reaches the socket: the link works, and B's emit would have come before it.
      await sleep(300)
      a.app.services.realtime.publish({ userId: fan.userId }, SocketChannels.chatTyping, {
        conversation_id: '2',
        user_id: 2,
      })
      expect((await typing.next(5_000)).body.conversation_id).toBe('2')
      await sleep(300)
      expect(typing.received).toHaveLength(0)
      expect(await a.app.services.realtime.isOnline(fan.userId)).toBe(true)
    } finally {
      socket.close()
    }
  })

  it("counts each deployment's rate limits apart, even on the same Redis database", async () => {
    // Both on database 1 this time: keys do respect the number, only the prefix tells these two apart.
    const c = await startTestApp({ ...envB, REDIS_URL: envA.REDIS_URL })
    try {
      const remoteAddress = `198.51.100.${randomInt(1, 255)}`
      const statuses = async (app: TestApp, n: number) => {
        const answers: number[] = []
        for (let i = 0; i < n; i++) answers.push((await app.call(clientConfig, {}, { remoteAddress })).status)
        return answers
      }
      // The limit of 3 a minute is spent on C …
      expect(await statuses(c, 4)).toEqual([200, 200, 200, 429])
      // … and A, another deployment, still has all of its own.
      expect(await statuses(a, 3)).toEqual([200, 200, 200])
    } finally {
      await c.close()
    }
  })

  it("never lets one deployment's user changes touch the other's caches", async () => {
    const log = pino({ level: 'silent' })
    const deps = (env: typeof envA) => ({
      redisUrl: env.REDIS_URL,
      redisPrefix: readConfig(env).redisPrefix,
      now: () => Date.now(),
      log,
    })
    const [inA, inB, alsoInB] = [
      await startUserChanges(deps(envA)),
      await startUserChanges(deps(envB)),
      await startUserChanges(deps(envB)),
    ]
    try {
      const userId = 900_000_000 + randomInt(1_000_000)
      const [markA, markB] = [inA.mark() ?? 0, alsoInB.mark() ?? 0]
      inB.changed(userId)
      // The other process of B hears it …
      for (let i = 0; i < 100 && alsoInB.fresh(markB, [userId]); i++) await sleep(10)
      expect(alsoInB.fresh(markB, [userId])).toBe(false)
      // … A never does.
      await sleep(200)
      expect(inA.fresh(markA, [userId])).toBe(true)
    } finally {
      await Promise.all([inA.close(), inB.close(), alsoInB.close()])
    }
  })
})
