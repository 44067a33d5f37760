import {
  blockedUsers,
  blockUser,
  ErrorCodes,
  followersList,
  followingList,
  followUser,
  profileView,
  reportContent,
  SocketChannels,
  unblockUser,
  unfollowUser,
} from '@velvet/contract'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeAccount } from '../../test/factories.ts'
import { startTestApp, type TestApp } from '../../test/harness.ts'
import {
  type Account,
  actualCounts,
  block,
  follow,
  makeAccounts,
  makeCreator,
  markDeleted,
  storedCounts,
} from '../../test/social-factories.ts'
import { collect, connectSocket } from '../../test/sockets.ts'
import { reports } from './schema.ts'

let t: TestApp
let url: string
beforeAll(async () => {
  t = await startTestApp()
  url = await t.listen()
})
afterAll(() => t.close())

const names = (res: { body: { data: { list: { user_name: string }[] } } }) =>
  res.body.data.list.map((c) => c.user_name)

describe('follow and unfollow', () => {
  it('is idempotent and keeps both counters', async () => {
    const creator = await makeCreator(t)
    const fan = await makeAccount(t)
    expect(await follow(t, fan, creator)).toEqual({ is_following: true, followers: 1 })
    expect(await follow(t, fan, creator)).toEqual({ is_following: true, followers: 1 })
    expect(await storedCounts(t, fan.userId)).toEqual({ followers: 0, following: 1 })
    const off = await t.call(unfollowUser, { user_id: creator.userId }, { token: fan.token })
    expect(off.body.data).toEqual({ is_following: false, followers: 0 })
    const again = await t.call(unfollowUser, { user_id: creator.userId }, { token: fan.token })
    expect(again.body.data).toEqual({ is_following: false, followers: 0 })
    expect(await storedCounts(t, creator.userId)).toEqual(await actualCounts(t, creator.userId))
    expect(await storedCounts(t, fan.userId)).toEqual({ followers: 0, following: 0 })
  })

  it('refuses oneself (3001), a block either way (3002) and a missing or deleted account (30023)', async () => {
    const fan = await makeAccount(t)
    const other = await makeAccount(t)
    const gone = await makeAccount(t)
    await markDeleted(t, gone)
    const tryFollow = (id: number) => t.call(followUser, { user_id: id }, { token: fan.token })
    expect((await tryFollow(fan.userId)).body.error.code).toBe(ErrorCodes.CannotFollowSelf.code)
    expect((await tryFollow(99_999_999)).body.error.code).toBe(ErrorCodes.BlockedLocation.code)
    expect((await tryFollow(gone.userId)).body.error.code).toBe(ErrorCodes.BlockedLocation.code)
    await block(t, other, fan)
    const blocked = await tryFollow(other.userId)
    expect(blocked.status).toBe(403)
    expect(blocked.body.error.code).toBe(ErrorCodes.UserUnavailable.code)
    await t.call(unblockUser, { user_id: fan.userId }, { token: other.token })
    await block(t, fan, other)
    expect((await tryFollow(other.userId)).body.error.code).toBe(ErrorCodes.UserUnavailable.code)
    expect(await actualCounts(t, other.userId)).toEqual({ followers: 0, following: 0 })
  })

  it('keeps counters exact under concurrent follows and unfollows', async () => {
    const creator = await makeCreator(t)
    const fans = await makeAccounts(t, 6)
    // 24 calls at once: each fan follows twice, unfollows once, and follows the creator back-and-forth
    // while the creator follows two of them (mutual follows lock both counter rows).
    const calls = fans.flatMap((fan, i) => [
      t.call(followUser, { user_id: creator.userId }, { token: fan.token }),
      t.call(followUser, { user_id: creator.userId }, { token: fan.token }),
      t.call(i % 2 ? unfollowUser : followUser, { user_id: creator.userId }, { token: fan.token }),
      t.call(followUser, { user_id: fan.userId }, { token: creator.token }),
    ])
    const results = await Promise.all(calls)
    expect(results.every((r) => r.status === 200)).toBe(true)
    for (const account of [creator, ...fans]) {
      expect(await storedCounts(t, account.userId)).toEqual(await actualCounts(t, account.userId))
    }
    expect((await storedCounts(t, creator.userId)).following).toBe(6)
  })

  it('tells the follower’s tabs the relation and counts, and the followee’s tabs their counts', async () => {
    const creator = await makeCreator(t)
    const fan = await makeAccount(t)
    const fanTab = await connectSocket(url, { token: fan.token })
    const creatorTab = await connectSocket(url, { token: creator.token })
    try {
      const fanChanges = collect(fanTab, SocketChannels.userInfoChange)
      const creatorChanges = collect(creatorTab, SocketChannels.userInfoChange)
      await follow(t, fan, creator)
      const mine = await fanChanges.next()
      expect(mine.body).toMatchObject({
        user: { user_id: fan.userId },
        counts: { following: 1, followers: 0 },
        relation: { user_id: creator.userId, is_following: true, followers: 1 },
      })
      const theirs = await creatorChanges.next()
      expect(theirs.body).toMatchObject({ user: { user_id: creator.userId }, counts: { followers: 1 } })
      expect(theirs.body.relation).toBeUndefined()
      // A repeated follow changes nothing and says nothing.
      await follow(t, fan, creator)
      await t.call(unfollowUser, { user_id: creator.userId }, { token: fan.token })
      expect((await fanChanges.next()).body.relation).toMatchObject({ is_following: false, followers: 0 })
      expect(fanChanges.received).toHaveLength(0)
    } finally {
      fanTab.close()
      creatorTab.close()
    }
  })

  it('limits follows and unfollows per viewer per minute', async () => {
    const fan = await makeAccount(t)
    const targets = await makeAccounts(t, 2)
    let limited = 0
    for (let i = 0; i < 61; i++) {
      const target = targets[i % 2] as Account
      const call = i % 4 < 2 ? followUser : unfollowUser
      const res = await t.call(call, { user_id: target.userId }, { token: fan.token })
      if (res.status === 429) limited += 1
    }
    expect(limited).toBe(1)
    t.clock.advance(61_000)
    expect((await t.call(followUser, { user_id: targets[0]?.userId }, { token: fan.token })).status).toBe(200)
  })
})

describe('followers and following', () => {
  let me: Account
  let people: Account[]
  beforeAll(async () => {
    me = await makeAccount(t)
    people = await makeAccounts(t, 5)
    for (const person of people) {
      t.clock.advance(1000)
      await follow(t, person, me)
      await follow(t, me, person)
    }
  })

  it('pages newest first with an opaque cursor', async () => {
    const expected = people.map((p) => p.userName).reverse()
    const seen: string[] = []
    let cursor: string | null = null
    do {
      const res = await t.call(
        followersList,
        { limit: 2, ...(cursor ? { cursor } : {}) },
        { token: me.token },
      )
      expect(res.status).toBe(200)
      seen.push(...names(res))
      cursor = res.body.data.cursor
      expect(res.body.data.has_next).toBe(cursor !== null)
    } while (cursor)
    expect(seen).toEqual(expected)
    const first = await t.call(followingList, { limit: 10 }, { token: me.token })
    expect(names(first)).toEqual(expected)
    expect(first.body.data.list[0]).toEqual({
      user_id: people[4]?.userId,
      user_name: people[4]?.userName,
      nickname: 'Member',
      portrait: null,
      user_role: 0,
      verified: false,
      is_following: true,
      since: expect.any(Number),
    })
  })

  it('searches by user name or nickname prefix, case-insensitively, with LIKE characters taken literally', async () => {
    const target = people[2] as Account
    const res = await t.call(followersList, { q: target.userName.toUpperCase() }, { token: me.token })
    expect(names(res)).toEqual([target.userName])
    expect(names(await t.call(followersList, { q: 'MEMB' }, { token: me.token }))).toHaveLength(5)
    expect(names(await t.call(followersList, { q: '%' }, { token: me.token }))).toEqual([])
    expect(names(await t.call(followersList, { q: 'member\\_' }, { token: me.token }))).toEqual([])
  })

  it('leaves out blocked (either way) and deleted accounts; unblock brings them back', async () => {
    const [a, b, c] = people as [Account, Account, Account]
    await block(t, me, a)
    await block(t, b, me)
    const listed = async () => names(await t.call(followersList, { limit: 50 }, { token: me.token }))
    expect(await listed()).not.toContain(a.userName)
    expect(await listed()).not.toContain(b.userName)
    expect(names(await t.call(followingList, {}, { token: me.token }))).toHaveLength(3)
    const blocked = await t.call(blockedUsers, {}, { token: me.token })
    expect(names(blocked)).toEqual([a.userName])
    await t.call(unblockUser, { user_id: a.userId }, { token: me.token })
    await t.call(unblockUser, { user_id: me.userId }, { token: b.token })
    expect(await listed()).toHaveLength(5)
    expect(names(await t.call(blockedUsers, {}, { token: me.token }))).toEqual([])
    await markDeleted(t, c)
    expect(await listed()).toHaveLength(4)
  })

  it('refuses a forged cursor and guests', async () => {
    const bad = await t.call(followersList, { cursor: 'not-a-cursor' }, { token: me.token })
    expect(bad.status).toBe(400)
    expect(bad.body.error.fields[0]).toMatchObject({ field: 'cursor', rule: 'page.cursor' })
    expect((await t.call(followersList, {})).status).toBe(401)
  })
})

describe('blocks', () => {
  it('is idempotent, refuses oneself and unknown accounts, and hides the blocker everywhere', async () => {
    const creator = await makeCreator(t)
    const fan = await makeAccount(t)
    await follow(t, fan, creator)
    expect((await t.call(blockUser, { user_id: fan.userId }, { token: creator.token })).status).toBe(200)
    expect((await t.call(blockUser, { user_id: fan.userId }, { token: creator.token })).status).toBe(200)
    expect(
      (await t.call(blockUser, { user_id: creator.userId }, { token: creator.token })).body.error.code,
    ).toBe(ErrorCodes.CannotBlockSelf.code)
    expect((await t.call(blockUser, { user_id: 99_999_999 }, { token: creator.token })).status).toBe(404)
    const seen = await t.call(profileView, { user_id: creator.userId }, { token: fan.token })
    expect(seen.body.error.code).toBe(ErrorCodes.BlockedLocation.code)
    // The follow row stays (unblock restores it) and is counted; lists hide it meanwhile.
    expect(await actualCounts(t, creator.userId)).toMatchObject({ followers: 1 })
    expect(names(await t.call(followersList, {}, { token: creator.token }))).toEqual([])
    await t.call(unblockUser, { user_id: fan.userId }, { token: creator.token })
    expect(names(await t.call(followersList, {}, { token: creator.token }))).toEqual([fan.userName])
    const back = await t.call(profileView, { user_id: creator.userId }, { token: fan.token })
    expect(back.body.data.profile.is_following).toBe(true)
  })

  it('exposes isBlockedEitherWay and assertNotBlocked to later modules', async () => {
    const [a, b] = (await makeAccounts(t, 2)) as [Account, Account]
    const social = t.app.services.social
    expect(await social.isBlockedEitherWay(a.userId, b.userId)).toBe(false)
    await block(t, a, b)
    expect(await social.isBlockedEitherWay(b.userId, a.userId)).toBe(true)
    await expect(social.assertNotBlocked(b.userId, a.userId)).rejects.toMatchObject({
      code: ErrorCodes.UserUnavailable.code,
    })
    await expect(social.assertNotBlocked(a.userId, b.userId)).rejects.toMatchObject({
      code: ErrorCodes.UserUnavailable.code,
    })
  })
})

describe('reports', () => {
  it('stores one open report per reporter and target, also across a block', async () => {
    const [reporter, target] = (await makeAccounts(t, 2)) as [Account, Account]
    await block(t, target, reporter)
    const input = { target_type: 'user', target_id: target.userId, reason: 'spam_scam', details: ' spam ' }
    const first = await t.call(reportContent, input, { token: reporter.token })
    expect(first.status).toBe(200)
    const again = await t.call(reportContent, { ...input, reason: 'other' }, { token: reporter.token })
    expect(again.body.data.report_id).toBe(first.body.data.report_id)
    const rows = await t.database.db.select().from(reports).where(eq(reports.reporterId, reporter.userId))
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      targetType: 'user',
      reason: 'spam_scam',
      details: 'spam',
      status: 'open',
    })
  })

  it('refuses oneself, unknown targets, unknown reasons and target types', async () => {
    const reporter = await makeAccount(t)
    const report = (input: Record<string, unknown>) =>
      t.call(reportContent, { target_type: 'user', reason: 'other', ...input }, { token: reporter.token })
    const self = await report({ target_id: reporter.userId })
    expect(self.status).toBe(400)
    expect(self.body.error.fields[0].rule).toBe('report.self')
    expect((await report({ target_id: 99_999_999 })).status).toBe(404)
    expect((await report({ target_id: reporter.userId + 1, reason: 'boring' })).status).toBe(400)
    expect((await report({ target_id: reporter.userId + 1, target_type: 'comment' })).status).toBe(400)
  })
})
