import { randomInt } from 'node:crypto'
import { ChatRules, chatSend, conversationOpen, ErrorCodes, signupAnonymous } from '@velvet/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeAccount } from '../test/factories.ts'
import { startTestApp, type TestApp } from '../test/harness.ts'
import { type Account, makeCreator } from '../test/social-factories.ts'

// The shared store needs a Redis server: `npm run test:pg` in CI sets REDIS_URL (see .ci/run).
describe.skipIf(!process.env.REDIS_URL)('rate limits shared through Redis', () => {
  let first: TestApp
  let second: TestApp
  beforeAll(async () => {
    // Two processes of one deployment (each test app has its own database here, so name it).
    const env = {
      REDIS_URL: process.env.REDIS_URL ?? '',
      REDIS_PREFIX: `rate-limit-${process.pid}-${Date.now()}`,
    }
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
    expect(last.body.error?.code).toBe(ErrorCodes.RateLimited.code)
  })

  it('counts chat sends per signed-in user, so people behind one address do not share a budget', async () => {
    const remoteAddress = '198.51.100.201'
    const creator = await makeCreator(t)
    const [first, second] = [await makeAccount(t), await makeAccount(t)]
    const send = async (who: Account, i: number) => {
      const open = await t.call(
        conversationOpen,
        { user_id: creator.userId },
        { token: who.token, remoteAddress },
      )
      const id = open.body.data.conversation.conversation_id
      return (
        await t.call(
          chatSend,
          { conversation_id: id, client_msg_id: `limit-${who.userId}-${i}`, text: `hi ${i}` },
          { token: who.token, remoteAddress },
        )
      ).status
    }
    const statuses: number[] = []
    for (let i = 0; i <= ChatRules.sendsPerMinute; i++) statuses.push(await send(first, i))
    expect(statuses.slice(0, ChatRules.sendsPerMinute).every((s) => s === 200)).toBe(true)
    expect(statuses[ChatRules.sendsPerMinute]).toBe(429)
    // Another account from the same address still sends.
    expect(await send(second, 0)).toBe(200)
  })
})
