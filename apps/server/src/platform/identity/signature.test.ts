import { ErrorCodes } from '@velvet/contract'
import { describe, expect, it } from 'vitest'
import { WebhookSignatureError } from './provider.ts'
import { signWebhook, verifySignedEvent, verifyWebhookSignature } from './signature.ts'

const secret = 'unit-test-secret-0001'
const body = JSON.stringify({
  event_id: 'evt_1',
  type: 'verification.declined',
  session_id: 'sbx_1',
  decided_at: 1_780_000_000,
  data: {
    legal_name: 'A B',
    date_of_birth: '1990-01-01',
    document_type: 'passport',
    decline_reason: 'Blurry',
  },
})

describe('identity webhook signatures', () => {
  it('verifies its own signature within the tolerance, including a rotated second v1', () => {
    const header = signWebhook(secret, body, 1000)
    expect(() => verifyWebhookSignature(secret, Buffer.from(body), header, 1300, 300)).not.toThrow()
    const rotated = `t=1000,v1=${'f'.repeat(64)},${header.split(',')[1]}`
    expect(() => verifyWebhookSignature(secret, Buffer.from(body), rotated, 1000, 300)).not.toThrow()
  })

  it('refuses other bodies, secrets, times and shapes', () => {
    const header = signWebhook(secret, body, 1000)
    const cases: [string, string | undefined, number][] = [
      [`${body}\n`, header, 1000],
      [body, signWebhook('other-secret-000000', body, 1000), 1000],
      [body, header, 1301],
      [body, header, 699],
      [body, undefined, 1000],
      [body, 'v1=abc', 1000],
      [body, 't=1000', 1000],
    ]
    for (const [raw, h, now] of cases) {
      expect(() => verifyWebhookSignature(secret, Buffer.from(raw), h, now, 300)).toThrow(
        WebhookSignatureError,
      )
    }
  })

  it('parses a signed event with the contract', () => {
    const now = new Date(1000 * 1000)
    const event = verifySignedEvent(secret, Buffer.from(body), signWebhook(secret, body, 1000), now, 300)
    expect(event).toMatchObject({ type: 'verification.declined', data: { decline_reason: 'Blurry' } })
    const bad = '{"event_id":1}'
    expect(() =>
      verifySignedEvent(secret, Buffer.from(bad), signWebhook(secret, bad, 1000), now, 300),
    ).toThrow(expect.objectContaining({ code: ErrorCodes.ValidationFailed.code }))
  })
})
