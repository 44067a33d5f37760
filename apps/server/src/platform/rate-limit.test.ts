import { randomInt } from 'node:crypto'
import { signupAnonymous } from '@velvet/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../test/harness.ts'

// The shared store needs a Redis server: `npm run test:pg` in CI sets REDIS_URL (see .ci/run).
describe.skipIf(!process.env.REDIS_URL)('rate limits shared through Redis', () => {
  let first: TestApp
  let second: TestApp
  beforeAll(async () => {
    const env = { REDIS_URL: process.env.REDIS_URL ?? '' }
    first = await startTestApp(env)
    second = await startTestApp(env)
  })
  afterAll(async () => {
    await first.close()
    await second.close()
  })

  it('counts one IP across two server processes', async () => {
    // A fresh address per run, so that keys left in Redis by an earlier run do not count.
    const remoteAddress = `198.51.100.${randomInt(1, 255)}`
    const statuses: number[] = []
    for (let i = 0; i < 31; i++) {
      const app = i % 2 === 0 ? first : second
      statuses.push((await app.call(signupAnonymous, {}, { remoteAddress })).status)
    }
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true)
    expect(statuses[30]).toBe(429)
  })
})

describe('rate limits in memory', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp()
  })
  afterAll(() => t.close())

  it('answers 429 with the envelope past the route limit', async () => {
    const remoteAddress = '198.51.100.200'
    let last = { status: 0, body: {} as { error?: { code: number } } }
    for (let i = 0; i < 31; i++) last = await t.call(signupAnonymous, {}, { remoteAddress })
    expect(last.status).toBe(429)
    expect(last.body.error?.code).toBe(1005)
  })
})
