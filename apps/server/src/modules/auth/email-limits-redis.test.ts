/**
 * The per-e-mail limits through Redis: two server processes count one e-mail's sign-in attempts
 * and code requests together, and through a Redis outage each process keeps counting in its own memory
 * (no request fails or waits). Needs a Redis server: `npm run test:pg` in CI sets REDIS_URL (see .ci/run).
 */
import { randomUUID } from 'node:crypto'
import { EmailCode, ErrorCodes, login, sendEmailCode } from '@velvet/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../../test/harness.ts'
import { startRedisProxy, type TcpProxy } from '../../test/tcp-proxy.ts'

const redisUrl = process.env.REDIS_URL

/** A fresh e-mail for each run: keys of earlier runs may still be in the shared Redis. */
const freshEmail = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}@example.test`

const attempt = (app: TestApp, email: string, code = '000000') =>
  app.call(login, { type: 'email', email, code })

describe.skipIf(!redisUrl)('per-e-mail limits shared through Redis', () => {
  let first: TestApp
  let second: TestApp
  beforeAll(async () => {
    // Two processes of one deployment: one Redis prefix (each test app otherwise gets its own).
    const deployment = { REDIS_URL: redisUrl ?? '', REDIS_PREFIX: `limits-${randomUUID().slice(0, 8)}:` }
    first = await startTestApp(deployment)
    second = await startTestApp(deployment)
  })
  afterAll(async () => {
    await first.close()
    await second.close()
  })

  it('counts sign-in attempts of one e-mail on two processes together', async () => {
    const email = freshEmail('tworedis')
    const { max } = EmailCode.loginAttemptsPerEmail[0]
    const codes: number[] = []
    for (let i = 0; i <= max; i++)
      codes.push((await attempt(i % 2 === 0 ? first : second, email)).body.error.code)
    expect(codes).toEqual([
      ...Array.from({ length: max }, () => ErrorCodes.CodeInvalid.code),
      ErrorCodes.RateLimited.code,
    ])
    expect((await attempt(first, email)).body.error.code).toBe(ErrorCodes.RateLimited.code)
  })

  it('counts code requests of one e-mail on two processes together', async () => {
    const email = freshEmail('tworequests')
    const { max } = EmailCode.codeRequestsPerEmail[0]
    const statuses: number[] = []
    // Each process has its own database, so each mails a code once; the rest wait a minute (2004).
    for (let i = 0; i < max; i++)
      statuses.push((await (i % 2 === 0 ? first : second).call(sendEmailCode, { email })).status)
    expect(statuses.filter((s) => s === 200)).toHaveLength(2)
    for (const app of [first, second]) app.clock.advance(EmailCode.resendAfterSeconds * 1000 + 1000)
    const over = await first.call(sendEmailCode, { email })
    expect(over.body.error.code).toBe(ErrorCodes.RateLimited.code)
  })
})

describe.skipIf(!redisUrl)('per-e-mail limits through a Redis outage', () => {
  let proxy: TcpProxy
  let t: TestApp
  beforeAll(async () => {
    const proxied = await startRedisProxy(redisUrl as string)
    proxy = proxied.proxy
    t = await startTestApp({ REDIS_URL: proxied.url })
  })
  afterAll(async () => {
    // The app's Redis clients (realtime's among them) close cleanly once they are linked again.
    await new Promise((resolve) => setTimeout(resolve, 5_000))
    await t?.close()
    await proxy?.close()
  })

  it('keeps signing in, and keeps the limit in memory, while Redis is unreachable', async () => {
    // A first call through Redis, so that the timings below measure the outage, not a cold start.
    expect((await attempt(t, freshEmail('warm'))).body.error.code).toBe(ErrorCodes.CodeInvalid.code)
    proxy.cut()
    try {
      const email = freshEmail('outage')
      const { max } = EmailCode.loginAttemptsPerEmail[0]
      for (let i = 0; i < max; i++) {
        const started = Date.now()
        expect((await attempt(t, email)).body.error.code).toBe(ErrorCodes.CodeInvalid.code)
        // A command given up waits at most its 500 ms timeout; then the process counts alone at once.
        expect(Date.now() - started).toBeLessThan(3_000)
      }
      expect((await attempt(t, email)).body.error.code).toBe(ErrorCodes.RateLimited.code)

      const other = freshEmail('outage-login')
      expect((await t.call(sendEmailCode, { email: other })).status).toBe(200)
      expect((await attempt(t, other, t.smtp.codeFor(other))).status).toBe(200)
    } finally {
      proxy.restore()
    }
  })
})
