import { createPublicKey, verify } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import {
  addDeviceInstallation,
  delDeviceInstallation,
  ErrorCodes,
  vapidPublicKey,
  WebPushPayload,
} from '@velvet/contract'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPushSender, loadVapidKeys } from '../../platform/push.ts'
import { makeAccount } from '../../test/factories.ts'
import { startTestApp, type TestApp } from '../../test/harness.ts'
import { startPushEndpoint } from '../../test/push-endpoint.ts'
import { pushInstallations } from './schema.ts'

let t: TestApp
let endpoint: Awaited<ReturnType<typeof startPushEndpoint>>
beforeAll(async () => {
  t = await startTestApp({ PUSH_ALLOW_HTTP: 'true' })
  endpoint = await startPushEndpoint()
})
afterAll(async () => {
  await t.close()
  await endpoint.close()
})

const rowsOf = (userId: number) =>
  t.database.db.select().from(pushInstallations).where(eq(pushInstallations.userId, userId))

describe('VAPID keys', () => {
  it('answers the public key without a session', async () => {
    const res = await t.call(vapidPublicKey)
    expect(res.status).toBe(200)
    // An uncompressed P-256 point, base64url: 65 bytes.
    expect(Buffer.from(res.body.data.public_key, 'base64url')).toHaveLength(65)
  })

  it('generates the pair once into DATA_DIR/vapid.json (0600) and reuses it', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'velvet-vapid-'))
    const push = {
      vapidPublicKey: undefined,
      vapidPrivateKey: undefined,
      subject: 'mailto:a@b.test',
      allowHttp: false,
    }
    const first = loadVapidKeys(push, dir)
    const file = path.join(dir, 'vapid.json')
    expect(statSync(file).mode & 0o777).toBe(0o600)
    expect(loadVapidKeys(push, dir)).toEqual(first)
    expect(JSON.parse(readFileSync(file, 'utf8')).publicKey).toBe(first.publicKey)
    rmSync(dir, { recursive: true, force: true })
  })

  it('prefers configured keys', () => {
    const keys = loadVapidKeys(
      { vapidPublicKey: 'pub', vapidPrivateKey: 'priv', subject: 'mailto:x@y.test', allowHttp: false },
      '/nonexistent',
    )
    expect(keys).toEqual({ publicKey: 'pub', privateKey: 'priv', subject: 'mailto:x@y.test' })
  })
})

describe('device installations', () => {
  it('needs a session', async () => {
    const res = await t.call(addDeviceInstallation, { installation_id: '{}', device_id: 'd1' })
    expect(res.status).toBe(401)
    expect(res.body.error.code).toBe(ErrorCodes.NotLoggedIn.code)
  })

  it.each([
    ['not json', 'not json'],
    ['wrong shape', JSON.stringify({ endpoint: 'https://push.example/x' })],
    ['not a url', JSON.stringify({ endpoint: 'nope', keys: { p256dh: 'a', auth: 'b' } })],
    ['not http(s)', JSON.stringify({ endpoint: 'ftp://127.0.0.1/x', keys: { p256dh: 'a', auth: 'b' } })],
  ])('rejects an installation_id that is %s with the field', async (_name, installationId) => {
    const { token } = await makeAccount(t)
    const res = await t.call(
      addDeviceInstallation,
      { installation_id: installationId, device_id: 'd1' },
      { token },
    )
    expect(res.status).toBe(400)
    expect(res.body.error.code).toBe(ErrorCodes.ValidationFailed.code)
    expect(res.body.error.fields[0]).toMatchObject({ field: 'installation_id' })
  })

  it('rejects a missing device id', async () => {
    const { token } = await makeAccount(t)
    const sub = endpoint.subscription()
    const res = await t.call(addDeviceInstallation, { installation_id: sub.installationId }, { token })
    expect(res.status).toBe(400)
    expect(res.body.error.fields[0]).toMatchObject({ field: 'device_id' })
  })

  it('upserts by (user, device) and deletes', async () => {
    const { token, userId } = await makeAccount(t)
    const first = endpoint.subscription()
    const second = endpoint.subscription()
    for (const sub of [first, second]) {
      const res = await t.call(
        addDeviceInstallation,
        { installation_id: sub.installationId, device_id: 'phone' },
        { token },
      )
      expect(res.body).toEqual({ result: 'ok', data: {} })
    }
    await t.call(
      addDeviceInstallation,
      { installation_id: first.installationId, device_id: 'laptop' },
      { token },
    )
    const rows = await rowsOf(userId)
    expect(rows.map((r) => [r.deviceId, r.endpoint]).sort()).toEqual([
      ['laptop', first.json.endpoint],
      ['phone', second.json.endpoint],
    ])
    expect((await t.call(delDeviceInstallation, { device_id: 'phone' }, { token })).status).toBe(200)
    expect((await rowsOf(userId)).map((r) => r.deviceId)).toEqual(['laptop'])
    expect((await t.call(delDeviceInstallation, { device_id: '' }, { token })).status).toBe(400)
  })

  it('keeps a subscription with its first owner: another account that knows its address cannot take it', async () => {
    const [owner, other] = [await makeAccount(t), await makeAccount(t)]
    const sub = endpoint.subscription()
    const add = (who: { token: string }, installationId = sub.installationId) =>
      t.call(
        addDeviceInstallation,
        { installation_id: installationId, device_id: 'browser' },
        { token: who.token },
      )
    expect((await add(owner)).status).toBe(200)
    // The same endpoint with the other account's own keys: refused, and the owner's row is untouched.
    const stolen = JSON.stringify({ ...sub.json, keys: { p256dh: sub.json.keys.p256dh, auth: 'c3RvbGVu' } })
    const taken = await add(other, stolen)
    expect(taken.status).toBe(409)
    expect(taken.body.error.code).toBe(ErrorCodes.PushSubscriptionTaken.code)
    expect(await rowsOf(other.userId)).toEqual([])
    expect((await rowsOf(owner.userId)).map((r) => [r.endpoint, r.auth])).toEqual([
      [sub.json.endpoint, sub.json.keys.auth],
    ])
    // Two accounts reporting a new subscription at once: exactly one owns it.
    const fresh = endpoint.subscription()
    const both = await Promise.all([add(owner, fresh.installationId), add(other, fresh.installationId)])
    expect(both.map((r) => r.status).sort()).toEqual([200, 409])
    // Once its owner deletes it (logout), the browser's next account may report it.
    expect(
      (await t.call(delDeviceInstallation, { device_id: 'browser' }, { token: owner.token })).status,
    ).toBe(200)
    expect((await add(other)).status).toBe(200)
    expect((await rowsOf(other.userId)).map((r) => r.endpoint)).toEqual([sub.json.endpoint])
  })
})

describe('sending', () => {
  it('delivers an encrypted, VAPID-signed push that decrypts to the payload', async () => {
    const { token, userId } = await makeAccount(t)
    const sub = endpoint.subscription()
    await t.call(addDeviceInstallation, { installation_id: sub.installationId, device_id: 'd' }, { token })
    const payload = { title: 'New subscriber', body: 'Ann joined', link: '/notifications', tag: 'n-1' }
    expect(await t.app.services.push.sendToUser(userId, payload)).toEqual({ sent: 1 })

    const got = endpoint.received.find((r) => r.path === sub.path)
    if (!got) throw new Error('no push received')
    expect(got.headers['content-encoding']).toBe('aes128gcm')
    expect(Number(got.headers.ttl)).toBeGreaterThan(0)
    const auth = String(got.headers.authorization)
    const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(auth)
    if (!match?.[1] || !match[2]) throw new Error(`bad Authorization: ${auth}`)
    const publicKey = (await t.call(vapidPublicKey)).body.data.public_key
    expect(match[2]).toBe(publicKey)
    // The JWT is signed by the VAPID key, for the push service's origin.
    const [header, claims, signature] = match[1].split('.') as [string, string, string]
    expect(JSON.parse(Buffer.from(claims, 'base64url').toString())).toMatchObject({
      aud: new URL(sub.json.endpoint).origin,
      sub: 'mailto:support@velvet.local',
    })
    const raw = Buffer.from(publicKey, 'base64url')
    const key = createPublicKey({
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: raw.subarray(1, 33).toString('base64url'),
        y: raw.subarray(33).toString('base64url'),
      },
      format: 'jwk',
    })
    const signed = verify(
      'sha256',
      Buffer.from(`${header}.${claims}`),
      { key, dsaEncoding: 'ieee-p1363' },
      Buffer.from(signature, 'base64url'),
    )
    expect(signed).toBe(true)
    expect(WebPushPayload.parse(JSON.parse(sub.decrypt(got.body)))).toEqual(payload)
  })

  it('removes an installation the push service answers 410 for', async () => {
    const { token, userId } = await makeAccount(t)
    const sub = endpoint.subscription()
    await t.call(addDeviceInstallation, { installation_id: sub.installationId, device_id: 'd' }, { token })
    endpoint.state.status = 410
    try {
      expect(await t.app.services.push.sendToUser(userId, { title: 'x', body: 'y', link: null })).toEqual({
        sent: 0,
      })
    } finally {
      endpoint.state.status = 201
    }
    expect(await rowsOf(userId)).toEqual([])
  })

  it('refuses plain-http endpoints unless allowed', () => {
    const vapid = { publicKey: 'p', privateKey: 'k', subject: 'mailto:a@b.test' }
    expect(createPushSender({ vapid, allowHttp: false }).acceptsEndpoint('http://127.0.0.1/x')).toBe(false)
    expect(createPushSender({ vapid, allowHttp: false }).acceptsEndpoint('https://push.example/x')).toBe(true)
    expect(createPushSender({ vapid, allowHttp: true }).acceptsEndpoint('http://127.0.0.1/x')).toBe(true)
  })
})
