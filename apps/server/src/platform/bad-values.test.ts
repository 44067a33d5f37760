import {
  addDeviceInstallation,
  type CallDef,
  chatSend,
  createUserList,
  ErrorCodes,
  emailEventReport,
  followersList,
  mediaStatus,
  payoutList,
  postComments,
  profileUpdate,
  profileView,
  referralEarnings,
  subscriptionList,
  transactionsList,
} from '@velvet/contract'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { makeAccount } from '../test/factories.ts'
import { startTestApp, type TestApp } from '../test/harness.ts'
import { collectLogLines } from '../test/log-lines.ts'
import type { Account } from '../test/social-factories.ts'

/**
 * Values PostgreSQL refuses (NUL, numbers past bigint) are refused by the contract with a 400 before
 * they reach it; they were 500s.
 */
const logs = collectLogLines()
let t: TestApp
let account: Account
beforeAll(async () => {
  t = await startTestApp({ LOG_LEVEL: 'warn' }, { logStream: logs.stream })
  account = await makeAccount(t)
})
afterAll(() => t.close())

beforeEach(() => logs.mark())

/** Each text the review found reaching PostgreSQL with a NUL in it (a 500), with the rest of a valid input. */
const cases: Array<[string, CallDef, (text: string) => Record<string, unknown>]> = [
  ['nickname', profileUpdate, (text) => ({ nickname: text })],
  ['bio', profileUpdate, (text) => ({ bio: text })],
  ['name', createUserList, (text) => ({ name: text })],
  ['user_name', profileView, (text) => ({ user_name: text })],
  ['q', followersList, (text) => ({ q: text })],
  ['device_id', addDeviceInstallation, (text) => ({ installation_id: '{}', device_id: text })],
  ['template', emailEventReport, (text) => ({ template: text, user_id: account.userId, event_type: 2 })],
]

describe('control characters in text', () => {
  it.each(cases)('%s with a NUL answers 400 naming the field and rule', async (field, call, input) => {
    const res = await t.call(call, input('ab\u0000cd'), { token: account.token })
    expect(res.status).toBe(400)
    expect(res.body.error.code).toBe(ErrorCodes.ValidationFailed.code)
    expect(res.body.error.fields).toContainEqual({
      field,
      rule: 'text.control',
      message: 'Remove the hidden control characters from this text.',
    })
    expect(logs.errors()).toEqual([])
  })

  it('refuses a line break in a one-line field and keeps it (as LF) in a bio', async () => {
    const nickname = await t.call(profileUpdate, { nickname: 'Jane\nDoe' }, { token: account.token })
    expect(nickname.status).toBe(400)
    expect(nickname.body.error.fields[0]).toMatchObject({ field: 'nickname', rule: 'text.one_line' })
    const bio = await t.call(profileUpdate, { bio: 'Line one\r\nLine\ttwo' }, { token: account.token })
    expect(bio.status).toBe(200)
    expect(bio.body.data.user.bio).toBe('Line one\nLine\ttwo')
  })

  it('refuses a bidi override in a message', async () => {
    const res = await t.call(
      chatSend,
      { conversation_id: '1', client_msg_id: 'client-msg-1', text: 'see \u202egnp.exe' },
      { token: account.token },
    )
    expect(res.status).toBe(400)
    expect(res.body.error.fields[0]).toMatchObject({ field: 'text', rule: 'text.control' })
  })
})

const digits = (n: number) => '1'.repeat(n)
const base64 = (text: string) => Buffer.from(text).toString('base64url')

describe('ids past bigint', () => {
  it.each([20, 25, 30])('media/status with %i-digit ids answers 400', async (length) => {
    const res = await t.call(mediaStatus, { ids: `${digits(length)},2` }, { token: account.token })
    expect(res.status).toBe(400)
    expect(res.body.error.code).toBe(ErrorCodes.ValidationFailed.code)
    expect(res.body.error.fields[0]).toMatchObject({ field: 'ids' })
    expect(logs.errors()).toEqual([])
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
      expect(logs.errors()).toEqual([])
    },
  )
})
