import { existsSync, readdirSync } from 'node:fs'
import path from 'node:path'
import {
  acceptCreatorAgreement,
  Creator,
  creatorAgreement,
  creatorAudit,
  currentUser,
  ErrorCodes,
  legalDocuments,
  profileView,
  SocketChannels,
  setCreatorReferrer,
  setCreatorSocial,
  startIdentityCheck,
  TestModeTexts,
} from '@velvet/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { answerAuditSteps, pngBytes, startListeningApp } from '../../test/account-factories.ts'
import { makeAccount, makeGuest } from '../../test/factories.ts'
import type { TestApp } from '../../test/harness.ts'
import { collect, connectSocket, sleep } from '../../test/sockets.ts'

const LEGAL_NAME = 'Alexandra Quinn Testperson'
const BIRTH_DATE = '1988-07-14'

let t: TestApp
let baseUrl: string
beforeAll(async () => {
  ;({ t, baseUrl } = await startListeningApp({ IDV_SANDBOX_DELAY_MS: '20' }))
})
afterAll(() => t.close())

/** Fills in the sandbox partner's hosted form like a browser (multipart, two photos) without following the 303. */
async function submitSandbox(url: string, fields: Record<string, string> = {}) {
  const form = new FormData()
  const values = {
    legal_name: LEGAL_NAME,
    date_of_birth: BIRTH_DATE,
    document_type: 'passport',
    decision: 'approve',
    decline_reason: 'The document photo is blurry',
    ...fields,
  }
  for (const [k, v] of Object.entries(values)) form.set(k, v)
  form.set('document', new Blob([new Uint8Array(await pngBytes('#3050a0'))], { type: 'image/png' }), 'id.png')
  form.set('selfie', new Blob([new Uint8Array(await pngBytes('#e0a070'))], { type: 'image/png' }), 'me.png')
  return fetch(url, { method: 'POST', body: form, redirect: 'manual' })
}

async function auditOf(token: string) {
  const res = await t.call(creatorAudit, {}, { token })
  expect(res.status).toBe(200)
  return res.body.data as { step: string; decline_reason: string | null; user_role: number }
}

/** Waits (real time) for the sandbox's webhook to move the audit off `pending`. */
async function waitForDecision(token: string) {
  for (let i = 0; i < 100; i++) {
    const audit = await auditOf(token)
    if (audit.step !== 'pending') return audit
    await sleep(50)
  }
  throw new Error('no decision arrived')
}

async function startCheck(token: string, redirect = '/home') {
  const res = await t.call(startIdentityCheck, { redirect }, { token })
  expect(res.status).toBe(200)
  return res.body.data.verification_url as string
}

describe('host verification steps', () => {
  it('go in order: agreement, social, referrer, identity', async () => {
    const me = await makeAccount(t)
    expect(await auditOf(me.token)).toMatchObject({ step: 'agreement', user_role: 0 })
    for (const [call, input] of [
      [setCreatorSocial, { platform: 'x' }],
      [setCreatorReferrer, { referred: false }],
      [startIdentityCheck, {}],
    ] as const) {
      const res = await t.call(call, input, { token: me.token })
      expect(res.status).toBe(409)
      expect(res.body.error.code).toBe(ErrorCodes.AuditStepOrder.code)
    }

    const outdated = await t.call(acceptCreatorAgreement, { version: '2020-01-01' }, { token: me.token })
    expect(outdated.body.error.code).toBe(ErrorCodes.AgreementOutdated.code)
    const accepted = await t.call(
      acceptCreatorAgreement,
      { version: Creator.agreementVersion },
      { token: me.token },
    )
    expect(accepted.body.data).toMatchObject({
      step: 'social',
      agreement: { version: Creator.agreementVersion },
    })
    expect(accepted.body.data.agreement.accepted_at).toBeGreaterThan(0)
    expect((await t.call(setCreatorReferrer, { referred: false }, { token: me.token })).body.error.code).toBe(
      ErrorCodes.AuditStepOrder.code,
    )

    const social = await t.call(
      setCreatorSocial,
      { platform: 'tiktok', handle: '@my_handle' },
      { token: me.token },
    )
    expect(social.body.data).toMatchObject({
      step: 'referrer',
      social_platform: 'tiktok',
      social_handle: 'my_handle',
    })

    const unknown = await t.call(
      setCreatorReferrer,
      { referred: true, code: 'nobody_here' },
      { token: me.token },
    )
    expect(unknown.body.error).toMatchObject({
      code: ErrorCodes.ValidationFailed.code,
      fields: [{ field: 'code', rule: 'referrer.unknown' }],
    })
    const none = await t.call(setCreatorReferrer, { referred: false }, { token: me.token })
    expect(none.body.data).toMatchObject({ step: 'identity', referrer_code: '' })

    const docs = await t.call(legalDocuments, {}, { token: me.token })
    expect(docs.body.data.documents[2].accepted_at).toBe(accepted.body.data.agreement.accepted_at)
  })

  it('serves the agreement text to any session, the audit only to accounts', async () => {
    const guest = await makeGuest(t)
    const text = await t.call(creatorAgreement, {}, { token: guest.token })
    expect(text.body.data.version).toBe(Creator.agreementVersion)
    expect(text.body.data.sections).toHaveLength(8)
    expect(JSON.stringify(text.body.data)).toContain('80%')
    expect((await t.call(creatorAudit, {}, { token: guest.token })).body.error.code).toBe(
      ErrorCodes.SignupNeedsLogin.code,
    )
  })
})

describe('identity check with the sandbox partner', () => {
  it('approves through the hosted page and the signed webhook; the legal record never leaves the server', async () => {
    const me = await makeAccount(t)
    await answerAuditSteps(t, me.token)
    const url = await startCheck(me.token, '/@someone?tab=posts')
    expect(url).toMatch(new RegExp(`^${baseUrl}/sandbox/identity/sbx_[\\w-]{24}$`))

    const page = await fetch(url)
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain('Velvet Identity Sandbox')
    expect(html).toContain(TestModeTexts.banner)
    expect(html).toContain('Sandbox decision')
    expect(html).not.toContain('<script')
    // Opened but not submitted: still at the identity step.
    expect((await auditOf(me.token)).step).toBe('identity')

    const socket = await connectSocket(baseUrl, { token: me.token })
    const changes = collect(socket, SocketChannels.userInfoChange)
    const submitted = await submitSandbox(url)
    expect(submitted.status).toBe(303)
    expect(submitted.headers.get('location')).toBe(
      `${baseUrl}/creator_audit?redirect=${encodeURIComponent('/@someone?tab=posts')}`,
    )
    const approved = await waitForDecision(me.token)
    expect(approved).toMatchObject({ step: 'approved', user_role: 1, decline_reason: null })
    expect((await changes.next()).body.user).toMatchObject({ user_id: me.userId, user_role: 1 })
    socket.close()
    await t.app.services.creator.assertVerifiedCreator(me.userId)

    const answers = [
      await t.call(creatorAudit, {}, { token: me.token }),
      await t.call(currentUser, {}, { token: me.token }),
      await t.call(profileView, { user_name: me.userName }, { token: me.token }),
      await t.call(profileView, { user_id: me.userId }, { token: (await makeAccount(t)).token }),
    ]
    for (const answer of answers) {
      expect(answer.status).toBe(200)
      const json = JSON.stringify(answer.body)
      expect(json).not.toContain(LEGAL_NAME)
      expect(json).not.toContain(BIRTH_DATE)
      expect(json).not.toContain('passport')
    }
    // The partner's uploads are kept outside the served media folder.
    const sandboxDir = path.join(t.dataDir, 'identity-sandbox', url.split('/').at(-1) ?? '')
    expect(readdirSync(sandboxDir).sort()).toEqual(['decision.json', 'document.png', 'selfie.png'])
    expect(existsSync(path.join(t.dataDir, 'media', 'identity-sandbox'))).toBe(false)
    expect((await fetch(url)).status).toBe(410)

    for (const [call, input] of [
      [acceptCreatorAgreement, { version: Creator.agreementVersion }],
      [setCreatorSocial, { platform: 'x' }],
      [setCreatorReferrer, { referred: false }],
      [startIdentityCheck, {}],
    ] as const) {
      expect((await t.call(call, input, { token: me.token })).body.error.code).toBe(
        ErrorCodes.AlreadyCreator.code,
      )
    }
  })

  it('shows a decline with its reason, allows a retry, then approves', async () => {
    const me = await makeAccount(t)
    await answerAuditSteps(t, me.token)
    const first = await startCheck(me.token)
    const reason = 'The selfie does not match the document'
    expect((await submitSandbox(first, { decision: 'decline', decline_reason: reason })).status).toBe(303)
    expect(await waitForDecision(me.token)).toMatchObject({
      step: 'declined',
      decline_reason: reason,
      user_role: 0,
    })
    await expect(t.app.services.creator.assertVerifiedCreator(me.userId)).rejects.toMatchObject({
      code: ErrorCodes.CreatorNotVerified.code,
    })

    const second = await startCheck(me.token)
    expect(second).not.toBe(first)
    expect((await submitSandbox(second)).status).toBe(303)
    expect(await waitForDecision(me.token)).toMatchObject({ step: 'approved', user_role: 1 })
  })

  it('declines a person under 18 whatever is chosen', async () => {
    const me = await makeAccount(t)
    await answerAuditSteps(t, me.token)
    const url = await startCheck(me.token)
    expect((await submitSandbox(url, { date_of_birth: '2012-03-04' })).status).toBe(303)
    expect(await waitForDecision(me.token)).toMatchObject({
      step: 'declined',
      decline_reason: 'The person is under 18',
    })
  })

  it('replaces a check that was opened but never submitted, and sends bad redirects home', async () => {
    const me = await makeAccount(t)
    await answerAuditSteps(t, me.token)
    const abandoned = await startCheck(me.token, '//evil.example/path')
    const fresh = await startCheck(me.token, 'https://evil.example')
    expect(fresh).not.toBe(abandoned)
    const res = await submitSandbox(fresh)
    expect(res.headers.get('location')).toBe(`${baseUrl}/creator_audit?redirect=%2Fhome`)
    expect(await waitForDecision(me.token)).toMatchObject({ step: 'approved' })
    // A late submission of the replaced page changes nothing.
    expect((await submitSandbox(abandoned, { decision: 'decline' })).status).toBe(303)
    await sleep(200)
    expect((await auditOf(me.token)).step).toBe('approved')
  })

  it('keeps the person on the loopback origin they use in development, and never follows another site', async () => {
    const me = await makeAccount(t)
    await answerAuditSteps(t, me.token)
    const loopback = baseUrl.replace('127.0.0.1', 'localhost')
    const from = async (origin: string) => {
      const res = await t.call(
        startIdentityCheck,
        { redirect: '/home' },
        { token: me.token, headers: { origin } },
      )
      return res.body.data.verification_url as string
    }
    expect((await from('https://evil.example')).startsWith(`${baseUrl}/sandbox/identity/`)).toBe(true)
    const url = await from(loopback)
    expect(url.startsWith(`${loopback}/sandbox/identity/`)).toBe(true)
    const res = await submitSandbox(url)
    expect(res.headers.get('location')).toBe(`${loopback}/creator_audit?redirect=%2Fhome`)
    expect(await waitForDecision(me.token)).toMatchObject({ step: 'approved' })
  })

  it('validates the hosted form by content and refuses unknown or expired pages', async () => {
    const me = await makeAccount(t)
    await answerAuditSteps(t, me.token)
    const url = await startCheck(me.token)

    const form = new FormData()
    form.set('legal_name', 'X')
    form.set('date_of_birth', '2031-02-30')
    form.set('document_type', 'library_card')
    form.set('document', new Blob(['not an image'], { type: 'image/png' }), 'fake.png')
    const bad = await fetch(url, { method: 'POST', body: form, redirect: 'manual' })
    expect(bad.status).toBe(400)
    const html = await bad.text()
    for (const text of [
      'Enter your full name as printed on the document.',
      'Enter a valid date of birth.',
      'Choose a document type.',
      'This file is not a photo we can read',
      'Please add this photo.',
      'Choose a decision.',
    ]) {
      expect(html).toContain(text)
    }
    expect((await auditOf(me.token)).step).toBe('identity')

    expect((await fetch(`${baseUrl}/sandbox/identity/sbx_${'a'.repeat(24)}`)).status).toBe(404)
    t.clock.advance(3_601_000)
    const expired = await fetch(url)
    expect(expired.status).toBe(410)
    expect(await expired.text()).toContain('expired')
    expect((await submitSandbox(url)).status).toBe(410)
    expect((await auditOf(me.token)).step).toBe('identity')
  })
})
