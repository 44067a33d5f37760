import {
  ErrorCodes,
  identityWebhook,
  profileUpdate,
  RequestBody,
  sendEmailCode,
  systemFetch,
} from '@velvet/contract'
import fc from 'fast-check'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { makeAccount } from '../test/factories.ts'
import { startTestApp, type TestApp } from '../test/harness.ts'
import { collectLogLines } from '../test/log-lines.ts'
import { nestsDeeperThan } from './json-body.ts'

/** The nesting depth of a parsed JSON value, counted the way the raw-text check counts brackets. */
function depthOf(value: unknown): number {
  if (Array.isArray(value)) return 1 + Math.max(0, ...value.map(depthOf))
  if (value && typeof value === 'object') return 1 + Math.max(0, ...Object.values(value).map(depthOf))
  return 0
}

/** `{"a":[{"a":[...1...]}]}` with `depth` levels. */
function nested(depth: number): unknown {
  let value: unknown = 1
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value }
  return value
}

describe('the raw-text depth check', () => {
  it('counts nesting exactly as the parsed value has it, brackets inside strings left out', () => {
    const text = fc.string({ unit: fc.constantFrom('[', ']', '{', '}', '"', '\\', 'a') })
    fc.assert(
      fc.property(fc.jsonValue({ depthSize: 'large' }), fc.option(text), (value, key) => {
        const json = JSON.stringify(key === null ? value : { [key]: value })
        const depth = depthOf(JSON.parse(json))
        expect(nestsDeeperThan(json, depth)).toBe(false)
        if (depth > 0) expect(nestsDeeperThan(json, depth - 1)).toBe(true)
      }),
      { numRuns: 500 },
    )
  })
})

const logs = collectLogLines()
let t: TestApp
beforeAll(async () => {
  t = await startTestApp({ LOG_LEVEL: 'warn' }, { logStream: logs.stream })
})
afterAll(() => t.close())

beforeEach(() => logs.mark())

function rawPost(url: string, payload: string, token?: string) {
  return t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
  })
}

describe('JSON bodies', () => {
  it('refuses a body nested 5,000 deep with 1014, with or without a session, webhooks too', async () => {
    const ts = Math.floor(t.clock.now().getTime() / 1000)
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`
    const account = await makeAccount(t)
    for (const [url, token] of [
      [sendEmailCode.path, undefined],
      [profileUpdate.path, account.token],
      [identityWebhook.path, undefined],
    ] as const) {
      const res = await rawPost(url, `{"email":"a@b.cd","x":${deep},"ts":${ts},"sign":"00"}`, token)
      expect(res.statusCode, url).toBe(400)
      expect(res.json().error).toEqual({
        code: ErrorCodes.BodyTooDeep.code,
        message: `The request is nested too deeply (at most ${RequestBody.jsonMaxDepth} levels).`,
      })
    }
    expect(logs.errors()).toEqual([])
  })

  it('takes a signed body nested to the limit and refuses one level more', async () => {
    // The body object itself is the first level.
    const atLimit = await t.call(systemFetch, { note: nested(RequestBody.jsonMaxDepth - 1) })
    expect(atLimit.status).toBe(200)
    const over = await t.call(systemFetch, { note: nested(RequestBody.jsonMaxDepth) })
    expect(over.status).toBe(400)
    expect(over.body.error.code).toBe(ErrorCodes.BodyTooDeep.code)
  })

  it('refuses a body over the size limit with 1015 and the envelope', async () => {
    const big = JSON.stringify({ email: 'a@b.cd', note: 'x'.repeat(RequestBody.jsonMaxBytes) })
    for (const url of [sendEmailCode.path, identityWebhook.path]) {
      const res = await rawPost(url, big)
      expect(res.statusCode, url).toBe(413)
      expect(res.json()).toEqual({
        result: 'error',
        error: { code: ErrorCodes.BodyTooLarge.code, message: 'The request is too large.' },
      })
    }
    expect(logs.errors()).toEqual([])
  })
})
