import {
  completeSignup,
  ErrorCodes,
  profileUpdate,
  profileView,
  SocketChannels,
  usernameCheck,
} from '@velvet/contract'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loginByEmail, makeAccount, makeGuest, uniqueEmail } from '../../test/factories.ts'
import { startTestApp, type TestApp } from '../../test/harness.ts'
import { block, follow, makeCreator, markDeleted } from '../../test/social-factories.ts'
import { collect, connectSocket } from '../../test/sockets.ts'
import { users } from '../auth/schema.ts'
import { usernameHistory } from '../social/schema.ts'

let t: TestApp
let url: string
beforeAll(async () => {
  t = await startTestApp()
  url = await t.listen()
})
afterAll(() => t.close())

const DAY = 24 * 3600 * 1000
const view = (input: Record<string, unknown>, token: string) => t.call(profileView, input, { token })

describe('profile view', () => {
  it('shows a creator by name in any case, with counts and the viewer relation', async () => {
    const creator = await makeCreator(t)
    const fan = await makeAccount(t)
    await follow(t, fan, creator)
    const res = await view({ user_name: creator.userName.toUpperCase() }, fan.token)
    expect(res.status).toBe(200)
    expect(res.headers['cache-control']).toBe('private, no-store')
    const { profile } = res.body.data
    expect(profile).toEqual({
      user_id: creator.userId,
      user_name: creator.userName,
      nickname: 'Member',
      portrait: null,
      bio: '',
      user_role: 1,
      verified: true,
      counts: { posts: 0, followers: 1, following: 0, likes: 0 },
      joined_at: expect.any(Number),
      is_self: false,
      is_following: true,
      is_blocked_by_me: false,
    })
    // Nothing private: no e-mail, birthday or settings.
    expect(JSON.stringify(res.body)).not.toContain(creator.email)
    expect(JSON.stringify(res.body)).not.toContain('1990-04-02')
    expect(res.body.data.canonical_user_name).toBe(creator.userName)
  })

  it('shows a profile by id, to guests too, and the own profile as is_self', async () => {
    const member = await makeAccount(t)
    const guest = await makeGuest(t)
    const byGuest = await view({ user_id: member.userId }, guest.token)
    expect(byGuest.body.data.profile).toMatchObject({ user_name: member.userName, verified: false })
    expect(byGuest.body.data.canonical_user_name).toBeNull()
    const own = await view({ user_name: member.userName }, member.token)
    expect(own.body.data.profile).toMatchObject({ is_self: true, is_following: false })
    expect(own.body.data.canonical_user_name).toBeNull()
  })

  it('answers 30023 with nothing of the profile for missing, unfinished, deleted and blocking owners', async () => {
    const viewer = await makeAccount(t)
    const guest = await makeGuest(t)
    const deleted = await makeAccount(t)
    await markDeleted(t, deleted)
    const blocker = await makeAccount(t)
    await block(t, blocker, viewer)
    const cases = [
      { user_name: 'nobody_here_at_all' },
      { user_id: 99_999_999 },
      { user_id: guest.user_id },
      { user_id: deleted.userId },
      { user_name: deleted.userName },
      { user_name: blocker.userName },
      { user_id: blocker.userId },
    ]
    for (const input of cases) {
      const res = await view(input, viewer.token)
      expect(res.status, JSON.stringify(input)).toBe(404)
      expect(res.headers['cache-control']).toBe('private, no-store')
      expect(res.body).toEqual({
        result: 'error',
        error: {
          code: ErrorCodes.BlockedLocation.code,
          message: 'Sorry, the profile or page does not exist.',
        },
      })
    }
    // The blocker still sees the blocked viewer's profile, with the unblock state.
    const reverse = await view({ user_id: viewer.userId }, blocker.token)
    expect(reverse.body.data.profile).toMatchObject({ is_blocked_by_me: true, is_following: false })
  })

  it('needs a session and exactly one of name or id', async () => {
    const member = await makeAccount(t)
    expect((await t.call(profileView, { user_id: member.userId })).status).toBe(401)
    const both = await view({ user_id: member.userId, user_name: member.userName }, member.token)
    expect(both.status).toBe(400)
    expect(both.body.error.fields[0].rule).toBe('profile.lookup')
    expect((await view({}, member.token)).status).toBe(400)
  })
})

describe('profile update', () => {
  it('changes nickname and bio, answers the session user and reaches every open tab', async () => {
    const member = await makeAccount(t)
    const tab = await connectSocket(url, { token: member.token })
    try {
      const changes = collect(tab, SocketChannels.userInfoChange)
      const res = await t.call(
        profileUpdate,
        { nickname: '  Velour  ', bio: 'Hello there' },
        { token: member.token },
      )
      expect(res.status).toBe(200)
      expect(res.body.data.user).toMatchObject({
        user_id: member.userId,
        nickname: 'Velour',
        bio: 'Hello there',
        user_name: member.userName,
      })
      const message = await changes.next()
      expect(message.body.user).toEqual(res.body.data.user)
    } finally {
      tab.close()
    }
  })

  it('renames: the old name redirects for 30 days and stays reserved for its owner', async () => {
    const owner = await makeAccount(t)
    const other = await makeAccount(t)
    const oldName = owner.userName
    const renamed = await t.call(profileUpdate, { user_name: `${oldName}_new` }, { token: owner.token })
    expect(renamed.body.data.user.user_name).toBe(`${oldName}_new`)

    const viaOld = await view({ user_name: oldName }, other.token)
    expect(viaOld.body.data.profile.user_id).toBe(owner.userId)
    expect(viaOld.body.data.canonical_user_name).toBe(`${oldName}_new`)

    const taken = await t.call(profileUpdate, { user_name: oldName.toUpperCase() }, { token: other.token })
    expect(taken.status).toBe(409)
    expect(taken.body.error.code).toBe(ErrorCodes.UsernameTaken.code)

    t.clock.advance(31 * DAY)
    expect((await view({ user_name: oldName }, other.token)).body.error.code).toBe(
      ErrorCodes.BlockedLocation.code,
    )
    const free = await t.call(profileUpdate, { user_name: oldName }, { token: other.token })
    expect(free.status).toBe(200)
  })

  it('keeps a given-up name from new sign-ups for 30 days', async () => {
    const owner = await makeAccount(t)
    const oldName = owner.userName
    await t.call(profileUpdate, { user_name: `${oldName}_x` }, { token: owner.token })
    const newcomer = await loginByEmail(t, uniqueEmail('newcomer'))
    const check = await t.call(usernameCheck, { user_name: oldName }, { token: newcomer.ptoken })
    expect(check.body.data).toEqual({ available: false })
    const signup = { birthday: '1990-04-02', user_name: oldName.toUpperCase(), nickname: 'Newcomer' }
    const refused = await t.call(completeSignup, signup, { token: newcomer.ptoken })
    expect(refused.status).toBe(409)
    expect(refused.body.error.code).toBe(ErrorCodes.UsernameTaken.code)

    t.clock.advance(31 * DAY)
    expect(
      (await t.call(usernameCheck, { user_name: oldName }, { token: newcomer.ptoken })).body.data,
    ).toEqual({
      available: true,
    })
    expect((await t.call(completeSignup, signup, { token: newcomer.ptoken })).status).toBe(200)
  })

  it('lets a user take back their own old name', async () => {
    const owner = await makeAccount(t)
    const first = owner.userName
    await t.call(profileUpdate, { user_name: `${first}_b` }, { token: owner.token })
    const back = await t.call(profileUpdate, { user_name: first }, { token: owner.token })
    expect(back.status).toBe(200)
    expect(back.body.data.user.user_name).toBe(first)
    const history = await t.database.db
      .select()
      .from(usernameHistory)
      .where(eq(usernameHistory.userId, owner.userId))
    expect(history.map((h) => h.userName)).toEqual([`${first}_b`])
    // Changing only the case keeps the same name: no history row.
    await t.call(profileUpdate, { user_name: first.toUpperCase() }, { token: owner.token })
    const after = await t.database.db
      .select()
      .from(usernameHistory)
      .where(eq(usernameHistory.userId, owner.userId))
    expect(after).toHaveLength(1)
  })

  it('refuses a name another user holds, also when two users race for one name', async () => {
    const a = await makeAccount(t)
    const b = await makeAccount(t)
    const c = await makeAccount(t)
    const held = await t.call(profileUpdate, { user_name: a.userName.toUpperCase() }, { token: b.token })
    expect(held.body.error.code).toBe(ErrorCodes.UsernameTaken.code)
    const wanted = `race_${a.userId}`
    const results = await Promise.all(
      [b, c].map((x) => t.call(profileUpdate, { user_name: wanted }, { token: x.token })),
    )
    expect(results.map((r) => r.status).sort()).toEqual([200, 409])
  })

  it('applies the contract username rules and refuses empty changes and guests', async () => {
    const member = await makeAccount(t)
    const bad = await t.call(profileUpdate, { user_name: 'ab.' }, { token: member.token })
    expect(bad.status).toBe(400)
    expect(bad.body.error.fields.map((f: { rule: string }) => f.rule)).toEqual(
      expect.arrayContaining(['username.min', 'username.trailing_period']),
    )
    const brand = await t.call(profileUpdate, { user_name: 'my_velvet_page' }, { token: member.token })
    expect(brand.body.error.fields[0].rule).toBe('username.brand')
    const empty = await t.call(profileUpdate, {}, { token: member.token })
    expect(empty.body.error.fields[0].rule).toBe('profile.empty')
    const guest = await makeGuest(t)
    expect((await t.call(profileUpdate, { bio: 'x' }, { token: guest.token })).status).toBe(403)
    const [row] = await t.database.db.select().from(users).where(eq(users.id, member.userId))
    expect(row?.userName).toBe(member.userName)
  })
})
