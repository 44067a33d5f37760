import { createHmac } from 'node:crypto'
import { creatorAudit, ErrorCodes, identityWebhook, startIdentityCheck } from '@velvet/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { answerAuditSteps, freePort, pngBytes } from '../../test/account-factories.ts'
import { makeAccount } from '../../test/factories.ts'
import { startTestApp, type TestApp } from '../../test/harness.ts'

const SECRET = 'webhook-secret-for-tests-0001'
const logs: string[] = []
let t: TestApp
beforeAll(async () => {
  t = await startTestApp(
    { IDV_WEBHOOK_SECRET: SECRET, LOG_LEVEL: 'info' },
    { logStream: { write: (line: string) => void logs.push(line) } },
  )
})
afterAll(() => t.close())

const seconds = () => Math.floor(t.clock.now().getTime() / 1000)
let eventCounter = 0

function event(sessionId: string, overrides: Record<string, unknown> = {}) {
  eventCounter += 1
  return {
    event_id: `evt_test_${eventCounter}`,
    type: 'verification.approved',
    session_id: sessionId,
    decided_at: seconds(),
    data: {
      legal_name: 'Robin Example',
      date_of_birth: '1991-01-01',
      document_type: 'id_card',
      decline_reason: null,
    },
    ...overrides,
  }
}

function sign(body: string, t0: number, secret = SECRET) {
  return `t=${t0},v1=${createHmac('sha256', secret).update(`${t0}.${body}`).digest('hex')}`
}

async function post(body: string, signature?: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: identityWebhook.path,
    headers: { 'content-type': 'application/json', ...(signature ? { 'x-idv-signature': signature } : {}) },
    payload: body,
  })
  return { status: res.statusCode, body: res.json() }
}

/** An account with a started (pending) check; answers its token and the partner session id. */
async function pendingCheck() {
  const me = await makeAccount(t)
  await answerAuditSteps(t, me.token)
  const res = await t.call(startIdentityCheck, {}, { token: me.token })
  const sessionId = String(res.body.data.verification_url).split('/').at(-1) ?? ''
  return { ...me, sessionId }
}

describe('identity webhook', () => {
  it('refuses a missing, wrong, too old or too new signature with 3033', async () => {
    const me = await pendingCheck()
    const body = JSON.stringify(event(me.sessionId))
    const now = seconds()
    for (const signature of [
      undefined,
      'garbage',
      sign(body, now, 'another-secret-0000000'),
      sign(`${body} `, now),
      sign(body, now - 301),
      sign(body, now + 301),
      `t=${now},v1=${'0'.repeat(64)}`,
    ]) {
      const res = await post(body, signature)
      expect(res.status).toBe(401)
      expect(res.body.error.code).toBe(ErrorCodes.WebhookSignatureInvalid.code)
    }
    const audit = await t.call(creatorAudit, {}, { token: me.token })
    expect(audit.body.data).toMatchObject({ step: 'identity', user_role: 0 })
  })

  it('applies a signed decision once and acknowledges duplicates', async () => {
    const me = await pendingCheck()
    const approved = event(me.sessionId)
    const body = JSON.stringify(approved)
    const res = await post(body, sign(body, seconds() - 299))
    expect(res).toEqual({ status: 200, body: { result: 'ok', data: { received: true } } })
    const audit = await t.call(creatorAudit, {}, { token: me.token })
    expect(audit.body.data).toMatchObject({ step: 'approved', user_role: 1 })

    // The same event again, and a later contradicting decision for the same session: both ignored.
    expect((await post(body, sign(body, seconds()))).status).toBe(200)
    const declined = JSON.stringify(
      event(me.sessionId, {
        type: 'verification.declined',
        data: { ...approved.data, decline_reason: 'No' },
      }),
    )
    expect((await post(declined, sign(declined, seconds()))).status).toBe(200)
    expect((await t.call(creatorAudit, {}, { token: me.token })).body.data.step).toBe('approved')
  })

  it('acknowledges an unknown session with a warning, and refuses a signed malformed event', async () => {
    const body = JSON.stringify(event('sbx_unknownunknownunknown0'))
    expect((await post(body, sign(body, seconds()))).status).toBe(200)
    expect(logs.some((l) => l.includes('identity decision for an unknown session'))).toBe(true)

    const malformed = JSON.stringify({ event_id: 'x', type: 'verification.maybe' })
    const res = await post(malformed, sign(malformed, seconds()))
    expect(res.status).toBe(400)
    expect(res.body.error.code).toBe(ErrorCodes.ValidationFailed.code)
  })
})

describe('a lost webhook', () => {
  // The sandbox posts to a port nobody listens on; this app listens elsewhere for the hosted page.
  let lost: TestApp
  let base: string
  beforeAll(async () => {
    const deadPort = await freePort()
    lost = await startTestApp({ PUBLIC_URL: `http://127.0.0.1:${deadPort}`, IDV_SANDBOX_DELAY_MS: '0' })
    base = await lost.listen()
  })
  afterAll(() => lost.close())

  /** An account whose check was submitted (approve) but whose webhook never arrives. */
  async function submittedCheck() {
    const me = await makeAccount(lost)
    await answerAuditSteps(lost, me.token)
    const started = await lost.call(startIdentityCheck, {}, { token: me.token })
    const pagePath = new URL(started.body.data.verification_url).pathname
    const form = new FormData()
    const fields = {
      legal_name: 'Sam Lost',
      date_of_birth: '1990-01-01',
      document_type: 'id_card',
      decision: 'approve',
    }
    for (const [k, v] of Object.entries(fields)) form.set(k, v)
    form.set('document', new Blob([new Uint8Array(await pngBytes())], { type: 'image/png' }), 'd.png')
    form.set('selfie', new Blob([new Uint8Array(await pngBytes('#fff'))], { type: 'image/png' }), 's.png')
    const submitted = await fetch(`${base}${pagePath}`, { method: 'POST', body: form, redirect: 'manual' })
    expect(submitted.status).toBe(303)
    expect((await lost.call(creatorAudit, {}, { token: me.token })).body.data.step).toBe('pending')
    return me
  }

  it('is made up for by asking the partner once the check has been pending for 10 s', async () => {
    const me = await submittedCheck()
    lost.clock.advance(9_000)
    expect((await lost.call(creatorAudit, {}, { token: me.token })).body.data.step).toBe('pending')
    lost.clock.advance(2_000)
    const audit = await lost.call(creatorAudit, {}, { token: me.token })
    expect(audit.body.data).toMatchObject({ step: 'approved', user_role: 1 })
  })

  it('is settled at once when the person starts again instead of opening a second check', async () => {
    const me = await submittedCheck()
    const again = await lost.call(startIdentityCheck, {}, { token: me.token })
    expect(again.body.error.code).toBe(ErrorCodes.AlreadyCreator.code)
  })
})
