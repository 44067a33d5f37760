import {
  addBlockedLocation,
  blockedLocations,
  ErrorCodes,
  followUser,
  profileView,
  removeBlockedLocation,
} from '@velvet/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeAccount } from '../../test/factories.ts'
import { startTestApp, type TestApp } from '../../test/harness.ts'
import { type Account, makeCreator } from '../../test/social-factories.ts'

/** Addresses checked against the shipped GeoIP data: GB England and US New York (state NY). */
const LONDON = '81.2.69.142'
const NEW_YORK = '24.24.24.24'
const NORTHERN_IRELAND = '2.125.160.216'

const NOT_FOUND = {
  result: 'error',
  error: { code: ErrorCodes.BlockedLocation.code, message: 'Sorry, the profile or page does not exist.' },
}

describe('blocked locations behind a trusted proxy', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp({ TRUST_PROXY: 'true' })
  })
  afterAll(() => t.close())

  const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } })
  const viewFrom = (creator: Account, fan: Account, ip: string) =>
    t.call(profileView, { user_name: creator.userName }, { token: fan.token, ...from(ip) })

  it('lists, adds (no duplicates) and removes places, and says where the request comes from', async () => {
    const creator = await makeCreator(t)
    const add = (input: Record<string, unknown>) =>
      t.call(addBlockedLocation, input, { token: creator.token })
    const texas = await add({ country: 'us', region: 'tx' })
    expect(texas.body.data.location).toEqual({
      id: expect.any(Number),
      country: 'US',
      region: 'TX',
      label: 'Texas, United States',
      created_at: expect.any(Number),
    })
    const germany = await add({ country: 'DE' })
    expect(germany.body.data.location).toMatchObject({ region: null, label: 'Germany' })
    for (const again of [
      { country: 'US', region: 'TX' },
      { country: 'de', region: null },
    ]) {
      const res = await add(again)
      expect(res.status).toBe(409)
      expect(res.body.error.code).toBe(ErrorCodes.LocationAlreadyBlocked.code)
    }
    expect((await add({ country: 'ZZ' })).body.error.fields[0].rule).toBe('location.country')
    expect((await add({ country: 'DE', region: 'BY' })).body.error.fields[0].rule).toBe('location.region')

    const listed = await t.call(blockedLocations, {}, { token: creator.token, ...from(NEW_YORK) })
    expect(listed.body.data.locations.map((l: { label: string }) => l.label)).toEqual([
      'Texas, United States',
      'Germany',
    ])
    expect(listed.body.data.current).toEqual({
      country: 'US',
      region: 'NY',
      label: 'New York, United States',
    })
    const london = await t.call(blockedLocations, {}, { token: creator.token, ...from(LONDON) })
    expect(london.body.data.current).toEqual({ country: 'GB', region: null, label: 'United Kingdom' })
    const local = await t.call(blockedLocations, {}, { token: creator.token, ...from('127.0.0.1') })
    expect(local.body.data.current).toBeNull()

    const removed = await t.call(
      removeBlockedLocation,
      { id: texas.body.data.location.id },
      { token: creator.token },
    )
    expect(removed.status).toBe(200)
    const gone = await t.call(
      removeBlockedLocation,
      { id: texas.body.data.location.id },
      { token: creator.token },
    )
    expect(gone.status).toBe(404)
  })

  it('refuses duplicates under a race through the unique index', async () => {
    const creator = await makeCreator(t)
    const results = await Promise.all(
      Array.from({ length: 4 }, () =>
        t.call(addBlockedLocation, { country: 'FR' }, { token: creator.token }),
      ),
    )
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409])
  })

  it('hides the profile from a blocked country and lets another country see it', async () => {
    const creator = await makeCreator(t)
    const fan = await makeAccount(t)
    await t.call(addBlockedLocation, { country: 'GB' }, { token: creator.token })
    for (const ip of [LONDON, NORTHERN_IRELAND]) {
      const res = await viewFrom(creator, fan, ip)
      expect(res.status).toBe(404)
      expect(res.body).toEqual(NOT_FOUND)
      expect(JSON.stringify(res.body)).not.toContain(creator.userName)
    }
    expect((await viewFrom(creator, fan, NEW_YORK)).body.data.profile.user_id).toBe(creator.userId)
    // The owner always sees their own profile, wherever they are.
    expect((await viewFrom(creator, creator, LONDON)).status).toBe(200)
    // Following from there is refused the same way.
    const follow = await t.call(
      followUser,
      { user_id: creator.userId },
      { token: fan.token, ...from(LONDON) },
    )
    expect(follow.body).toEqual(NOT_FOUND)
    expect(
      (await t.call(followUser, { user_id: creator.userId }, { token: fan.token, ...from(NEW_YORK) })).status,
    ).toBe(200)
  })

  it('hides the profile from a blocked US state only', async () => {
    const creator = await makeCreator(t)
    const fan = await makeAccount(t)
    await t.call(addBlockedLocation, { country: 'US', region: 'NY' }, { token: creator.token })
    const blocked = await viewFrom(creator, fan, NEW_YORK)
    expect(blocked.body).toEqual(NOT_FOUND)
    expect((await viewFrom(creator, fan, LONDON)).status).toBe(200)
    expect((await viewFrom(creator, fan, '8.8.8.8')).status).toBe(200)
    const [{ id }] = (await t.call(blockedLocations, {}, { token: creator.token })).body.data.locations
    await t.call(removeBlockedLocation, { id }, { token: creator.token })
    expect((await viewFrom(creator, fan, NEW_YORK)).status).toBe(200)
  })

  it('exposes assertVisible for posts, media and live', async () => {
    const creator = await makeCreator(t)
    await t.call(addBlockedLocation, { country: 'US' }, { token: creator.token })
    const safety = t.app.services.safety
    await expect(safety.assertVisible(creator.userId, NEW_YORK)).rejects.toMatchObject({
      code: ErrorCodes.BlockedLocation.code,
    })
    await expect(safety.assertVisible(creator.userId, LONDON)).resolves.toBeUndefined()
    await expect(safety.assertVisible(creator.userId, NEW_YORK, creator.userId)).resolves.toBeUndefined()
  })
})

describe('blocked locations without a trusted proxy', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp()
  })
  afterAll(() => t.close())

  it('ignores a forged X-Forwarded-For and places the request by its own address', async () => {
    const creator = await makeCreator(t)
    const fan = await makeAccount(t)
    await t.call(addBlockedLocation, { country: 'GB' }, { token: creator.token })
    const view = (options: { remoteAddress?: string; headers?: Record<string, string> }) =>
      t.call(profileView, { user_id: creator.userId }, { token: fan.token, ...options })
    const forged = await view({ remoteAddress: '24.24.24.24', headers: { 'x-forwarded-for': LONDON } })
    expect(forged.status).toBe(200)
    const direct = await view({ remoteAddress: LONDON, headers: { 'x-forwarded-for': NEW_YORK } })
    expect(direct.body).toEqual(NOT_FOUND)
  })
})
