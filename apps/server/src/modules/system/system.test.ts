import { commonReport, ErrorCodes, showSettings, systemInit } from '@velvet/contract'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeAccount, makeGuest } from '../../test/factories.ts'
import { startTestApp, type TestApp } from '../../test/harness.ts'
import { clientReports, systemSettings } from './schema.ts'

let t: TestApp
beforeAll(async () => {
  t = await startTestApp({ APP_VERSION: '1.2.3' })
})
afterAll(() => t.close())

describe('system/init', () => {
  it('answers zero totals for a new guest', async () => {
    const guest = await makeGuest(t)
    const res = await t.call(systemInit, {}, { token: guest.token })
    expect(res.body).toEqual({ result: 'ok', data: { TC: 0, TN: 0, SC: 0 } })
  })

  it('needs a session and a signature', async () => {
    expect((await t.call(systemInit)).status).toBe(401)
    const guest = await makeGuest(t)
    expect((await t.call(systemInit, {}, { token: guest.token, unsigned: true })).body.error.code).toBe(
      ErrorCodes.BadSignature.code,
    )
  })
})

describe('system/show_settings', () => {
  it('answers the defaults, then what an operator stored', async () => {
    const guest = await makeGuest(t)
    const res = await t.call(showSettings, {}, { token: guest.token })
    expect(res.body.data).toEqual({
      CT: 1,
      AP: 0,
      live_enabled: false,
      new_feature_until: '2025-11-15T10:00:00Z',
    })
    await t.app.services.system.setSetting('CT', 2)
    await t.app.services.system.setSetting('live_enabled', true)
    // A bad stored value (written by hand) falls back to the default for that key.
    await t.database.db.insert(systemSettings).values({ key: 'AP', value: 'yes' })
    const after = await t.call(showSettings, {}, { token: guest.token })
    expect(after.body.data).toMatchObject({ CT: 2, AP: 0, live_enabled: true })
    await t.database.db.delete(systemSettings)
  })

  it('needs a session', async () => {
    expect((await t.call(showSettings)).status).toBe(401)
  })
})

describe('system/common_report', () => {
  it('stores the report', async () => {
    const account = await makeAccount(t)
    const res = await t.call(
      commonReport,
      { action: 'user_open_mode', payload: { open_mode: 2, standalone: false } },
      { token: account.token },
    )
    expect(res.body).toEqual({ result: 'ok', data: {} })
    const rows = await t.database.db
      .select()
      .from(clientReports)
      .where(eq(clientReports.userId, account.userId))
    expect(rows).toMatchObject([{ action: 'user_open_mode', payload: { open_mode: 2, standalone: false } }])
  })

  it('rejects an unknown action and a nested payload', async () => {
    const guest = await makeGuest(t)
    const unknown = await t.call(commonReport, { action: 'steal', payload: {} }, { token: guest.token })
    expect(unknown.status).toBe(400)
    expect(unknown.body.error.fields[0]).toMatchObject({ field: 'action' })
    const nested = await t.call(
      commonReport,
      { action: 'creator_verify', payload: { a: { b: 1 } } },
      { token: guest.token },
    )
    expect(nested.status).toBe(400)
    expect((await t.call(commonReport, { action: 'creator_verify' })).status).toBe(401)
  })
})

describe('/v.json', () => {
  it('answers the version, plain and uncached', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v.json' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ version: '1.2.3' })
    expect(res.headers['cache-control']).toBe('no-store')
    const post = await t.app.inject({ method: 'POST', url: '/v.json' })
    expect(post.statusCode).toBe(404)
  })
})
