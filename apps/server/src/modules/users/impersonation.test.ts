import { completeSignup, ErrorCodes, nameSkeleton, profileUpdate, usernameCheck } from '@velvet/contract'
import { sql } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loginByEmail, makeAccount, uniqueEmail } from '../../test/factories.ts'
import { startTestApp, type TestApp } from '../../test/harness.ts'
import { userNameSkeleton } from '../auth/schema.ts'

let t: TestApp
beforeAll(async () => {
  t = await startTestApp()
})
afterAll(() => t.close())

const DAY = 24 * 3600 * 1000
const rulesOf = (body: { error: { fields?: Array<{ rule: string }> } }) =>
  body.error.fields?.map((field) => field.rule) ?? []

async function newcomer() {
  return (await loginByEmail(t, uniqueEmail('newcomer'))).ptoken
}

describe('impersonation', () => {
  it('refuses brand look-alikes and invisible or reordering nicknames with the contract words', async () => {
    const token = await newcomer()
    const signup = (user_name: string, nickname: string) =>
      t.call(completeSignup, { birthday: '1990-04-02', user_name, nickname }, { token })
    for (const name of ['v3lvet_fan', 'vel.vet']) {
      const res = await signup(name, 'Jane')
      expect(res.status, name).toBe(400)
      expect(res.body.error.fields).toContainEqual({
        field: 'user_name',
        rule: 'username.brand',
        message: 'Username cannot contain Velvet or another platform name.',
      })
      expect((await t.call(usernameCheck, { user_name: name }, { token })).status).toBe(400)
    }
    const official = await signup('jane_official', 'Velvet Official')
    expect(official.body.error.fields).toContainEqual({
      field: 'nickname',
      rule: 'nickname.brand',
      message: 'Nickname cannot contain Velvet or another platform name.',
    })
    const member = await makeAccount(t)
    for (const [nickname, rule] of [
      ['\u200b\u200b\u200b', 'nickname.min'],
      ['Jane\u202eeoD', 'text.control'],
      ['Jane\r\nDoe', 'text.one_line'],
      ['V\u200belvet Team', 'nickname.brand'],
    ]) {
      const res = await t.call(profileUpdate, { nickname }, { token: member.token })
      expect(res.status, JSON.stringify(nickname)).toBe(400)
      expect(rulesOf(res.body)).toContain(rule)
    }
  })

  it('takes a look-alike of someone’s user name as taken', async () => {
    await makeAccount(t, { user_name: 'jane_doe' })
    const token = await newcomer()
    for (const name of ['jane.doe', 'Jane_D0e', 'janedoe', 'JANE.DOE']) {
      expect((await t.call(usernameCheck, { user_name: name }, { token })).body.data, name).toEqual({
        available: false,
      })
    }
    const taken = await t.call(
      completeSignup,
      { birthday: '1990-04-02', user_name: 'Jane.D0e', nickname: 'Jane' },
      { token },
    )
    expect(taken.status).toBe(409)
    expect(taken.body.error.code).toBe(ErrorCodes.UsernameTaken.code)
    expect((await t.call(usernameCheck, { user_name: 'jane_doe2' }, { token })).body.data.available).toBe(
      true,
    )
  })

  it('keeps look-alikes of a given-up name reserved for 30 days, except for its owner', async () => {
    const owner = await makeAccount(t, { user_name: 'mia_rose' })
    const other = await makeAccount(t)
    expect((await t.call(profileUpdate, { user_name: 'mia_rose_new' }, { token: owner.token })).status).toBe(
      200,
    )
    const lookAlike = await t.call(profileUpdate, { user_name: 'mia.r0se' }, { token: other.token })
    expect(lookAlike.status).toBe(409)
    expect(lookAlike.body.error.code).toBe(ErrorCodes.UsernameTaken.code)
    const token = await newcomer()
    expect((await t.call(usernameCheck, { user_name: 'MIA.ROSE' }, { token })).body.data.available).toBe(
      false,
    )
    const back = await t.call(profileUpdate, { user_name: 'mia.rose' }, { token: owner.token })
    expect(back.status).toBe(200)
    t.clock.advance(31 * DAY)
    expect((await t.call(usernameCheck, { user_name: 'mia_rose_new' }, { token })).body.data.available).toBe(
      true,
    )
  })

  it('compares in SQL exactly as the contract’s skeleton does', async () => {
    const names = fc.sample(fc.stringMatching(/^[A-Za-z0-9_.]{6,30}$/), 200)
    const result = await t.database.db.execute(
      sql`select ${userNameSkeleton(sql`n.name`)} as skeleton from jsonb_array_elements_text(${JSON.stringify(names)}::jsonb) with ordinality as n(name, i) order by n.i`,
    )
    const rows = (result as unknown as { rows: Array<{ skeleton: string }> }).rows
    expect(rows.map((row) => row.skeleton)).toEqual(names.map(nameSkeleton))
  })
})
