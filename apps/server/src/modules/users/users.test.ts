import { adultPopupCheck, adultPopupConfirm, ErrorCodes, openAppReport, userReport } from '@velvet/contract'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeAccount, makeGuest } from '../../test/factories.ts'
import { startTestApp, type TestApp } from '../../test/harness.ts'
import { users } from '../auth/schema.ts'

let t: TestApp
beforeAll(async () => {
  t = await startTestApp()
})
afterAll(() => t.close())

const userRow = async (id: number) => {
  const [row] = await t.database.db.select().from(users).where(eq(users.id, id))
  if (!row) throw new Error('no user')
  return row
}

async function makeCreator() {
  const account = await makeAccount(t)
  await t.database.db.update(users).set({ userRole: 1 }).where(eq(users.id, account.userId))
  return account
}

describe('user/report', () => {
  it('updates last seen', async () => {
    const account = await makeAccount(t)
    const res = await t.call(
      userReport,
      { user_role: 0, nickname: 'Member', bio: '' },
      { token: account.token },
    )
    expect(res.body).toEqual({ result: 'ok', data: {} })
    expect((await userRow(account.userId)).lastSeenAt).toEqual(t.clock.now())
  })

  it('rejects bad input and a missing session', async () => {
    const account = await makeAccount(t)
    const res = await t.call(userReport, { user_role: 'creator' }, { token: account.token })
    expect(res.status).toBe(400)
    expect(res.body.error.fields[0]).toMatchObject({ field: 'user_role' })
    expect((await t.call(userReport, { user_role: 0 })).status).toBe(401)
  })
})

describe('user/open_app_report', () => {
  it('prompts a signed-up account in a browser once a week', async () => {
    const account = await makeAccount(t)
    const open = (source: number) => t.call(openAppReport, { open_source: source }, { token: account.token })
    expect((await open(1)).body.data).toEqual({ is_prompt_install: false })
    expect((await userRow(account.userId)).lastOpenSource).toBe(1)
    expect((await open(2)).body.data).toEqual({ is_prompt_install: true })
    expect((await open(2)).body.data).toEqual({ is_prompt_install: false })
    t.clock.advance(6 * 24 * 3600 * 1000)
    expect((await open(2)).body.data).toEqual({ is_prompt_install: false })
    t.clock.advance(24 * 3600 * 1000 + 1000)
    expect((await open(2)).body.data).toEqual({ is_prompt_install: true })
  })

  it('never prompts a guest', async () => {
    const guest = await makeGuest(t)
    const res = await t.call(openAppReport, { open_source: 2 }, { token: guest.token })
    expect(res.body.data).toEqual({ is_prompt_install: false })
  })

  it('rejects an unknown open source', async () => {
    const account = await makeAccount(t)
    const res = await t.call(openAppReport, { open_source: 3 }, { token: account.token })
    expect(res.status).toBe(400)
    expect(res.body.error.fields[0]).toMatchObject({ field: 'open_source' })
  })
})

describe('user/adult_popup', () => {
  it('pops before a creator until the viewer confirms', async () => {
    const creator = await makeCreator()
    const fan = await makeAccount(t)
    const check = (target: number) =>
      t.call(adultPopupCheck, { target_user_id: target }, { token: fan.token })
    expect((await check(creator.userId)).body.data).toEqual({ is_pop: true })
    expect((await check(fan.userId)).body.data).toEqual({ is_pop: false })
    const confirmed = await t.call(
      adultPopupConfirm,
      { target_user_id: creator.userId },
      { token: fan.token },
    )
    expect(confirmed.body).toEqual({ result: 'ok', data: {} })
    expect((await check(creator.userId)).body.data).toEqual({ is_pop: false })
  })

  it('never pops before a non-creator, nor when the AP setting is 1', async () => {
    const viewer = await makeAccount(t)
    const fan = await makeAccount(t)
    const creator = await makeCreator()
    const check = (target: number) =>
      t.call(adultPopupCheck, { target_user_id: target }, { token: fan.token })
    expect((await check(viewer.userId)).body.data).toEqual({ is_pop: false })
    await t.app.services.system.setSetting('AP', 1)
    try {
      expect((await check(creator.userId)).body.data).toEqual({ is_pop: false })
    } finally {
      await t.app.services.system.setSetting('AP', 0)
    }
    expect((await check(creator.userId)).body.data).toEqual({ is_pop: true })
  })

  it('answers 1003 for an unknown target and 400 for a bad one', async () => {
    const fan = await makeAccount(t)
    for (const call of [adultPopupCheck, adultPopupConfirm]) {
      const missing = await t.call(call, { target_user_id: 99_999_999 }, { token: fan.token })
      expect(missing.status).toBe(404)
      expect(missing.body.error.code).toBe(ErrorCodes.NotFound.code)
      const bad = await t.call(call, { target_user_id: 'abc' }, { token: fan.token })
      expect(bad.status).toBe(400)
    }
    expect((await userRow(fan.userId)).adultConfirmedAt).toBeNull()
    expect((await t.call(adultPopupCheck, { target_user_id: fan.userId })).status).toBe(401)
  })
})
