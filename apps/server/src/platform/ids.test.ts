import { Writable } from 'node:stream'
import {
  type CallDef,
  mediaStatus,
  payoutList,
  postComments,
  referralEarnings,
  subscriptionList,
  transactionsList,
} from '@velvet/contract'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { makeAccount } from '../test/factories.ts'
import { startTestApp, type TestApp } from '../test/harness.ts'
import type { Account } from '../test/social-factories.ts'

const logLines: string[] = []
let t: TestApp
let account: Account
beforeAll(async () => {
  t = await startTestApp(
    { LOG_LEVEL: 'warn' },
    {
      logStream: new Writable({
        write(chunk, _encoding, callback) {
          logLines.push(chunk.toString())
          callback()
        },
      }),
    },
  )
  account = await makeAccount(t)
})
afterAll(() => t.close())

/** Error lines logged by the current test. */
let testStart = 0
beforeEach(() => {
  testStart = logLines.length
})
const errorLines = () =>
  logLines.slice(testStart).filter((line) => (JSON.parse(line) as { level: number }).level >= 50)
const digits = (n: number) => '1'.repeat(n)
const base64 = (text: string) => Buffer.from(text).toString('base64url')

describe('ids past bigint (issue 14)', () => {
  it.each([20, 25, 30])('media/status with %i-digit ids answers 400', async (length) => {
    const res = await t.call(mediaStatus, { ids: `${digits(length)},2` }, { token: account.token })
    expect(res.status).toBe(400)
    expect(res.body.error.code).toBe(1004)
    expect(res.body.error.fields[0]).toMatchObject({ field: 'ids' })
    expect(errorLines()).toEqual([])
  })

  const cursors: Array<[string, CallDef, Record<string, unknown>]> = [
    ['payouts', payoutList, { cursor: digits(25) }],
    ['referral earnings', referralEarnings, { cursor: `${digits(25)}_${digits(25)}` }],
    ['memberships', subscriptionList, { cursor: base64(`${digits(15)}|${'9'.repeat(19)}`) }],
    ['comments', postComments, { post_id: 1, cursor: base64(`c${'9'.repeat(19)}`) }],
    ['statement', transactionsList, { cursor: digits(25) }],
  ]
  it.each(cursors)(
    'a %s cursor with numbers past bigint answers 400, not 500',
    async (_name, call, input) => {
      const res = await t.call(call, input, { token: account.token })
      expect(res.status, JSON.stringify(res.body)).toBeLessThan(500)
      expect(res.status).not.toBe(200)
      expect(errorLines()).toEqual([])
    },
  )
})
