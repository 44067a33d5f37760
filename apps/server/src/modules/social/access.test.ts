/**
 * Access control of every call of profiles, the social graph and blocked locations that takes a user id or
 * an object id. Covered here:
 *
 *   object ids of another user (answer 404, nothing changes):
 *     renameUserList, deleteUserList, userListMembers, addListMember, removeListMember (list_id),
 *     removeBlockedLocation (id)
 *   user ids across a block (the blocked account is refused; the blocker may still act):
 *     profileView (30023), followUser (3002), unfollowUser (3002), addListMember (3002),
 *     blockUser / unblockUser (only the caller's own block changes), reportContent (allowed)
 *   lists without an id, always the caller's own (an extra user_id is ignored):
 *     followersList, followingList, blockedUsers, userLists, blockedLocations
 *   profileUpdate changes only the caller (no id in its input).
 */
import {
  addBlockedLocation,
  addListMember,
  blockedLocations,
  blockedUsers,
  blockUser,
  type CallDef,
  createUserList,
  deleteUserList,
  ErrorCodes,
  followersList,
  followingList,
  followUser,
  profileView,
  removeBlockedLocation,
  removeListMember,
  renameUserList,
  reportContent,
  unblockUser,
  unfollowUser,
  userListMembers,
  userLists,
} from '@velvet/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeAccount } from '../../test/factories.ts'
import { startTestApp, type TestApp } from '../../test/harness.ts'
import { type Account, block, follow, makeCreator } from '../../test/social-factories.ts'

let t: TestApp
let owner: Account
let intruder: Account
let member: Account
let listId: number
let locationId: number

beforeAll(async () => {
  t = await startTestApp()
  owner = await makeCreator(t)
  intruder = await makeAccount(t)
  member = await makeAccount(t)
  await follow(t, member, owner)
  const list = await t.call(createUserList, { name: 'VIP fans' }, { token: owner.token })
  listId = list.body.data.list.list_id
  await t.call(addListMember, { list_id: listId, user_id: member.userId }, { token: owner.token })
  const place = await t.call(addBlockedLocation, { country: 'DE' }, { token: owner.token })
  locationId = place.body.data.location.id
})
afterAll(() => t.close())

async function ownerState() {
  const lists = await t.call(userLists, {}, { token: owner.token })
  const members = await t.call(userListMembers, { list_id: listId }, { token: owner.token })
  const places = await t.call(blockedLocations, {}, { token: owner.token })
  return { lists: lists.body.data, members: members.body.data, places: places.body.data.locations }
}

describe("another user's object ids answer 404 and change nothing", () => {
  const cases: [string, CallDef, () => Record<string, unknown>][] = [
    ['renameUserList', renameUserList, () => ({ list_id: listId, name: 'Mine now' })],
    ['deleteUserList', deleteUserList, () => ({ list_id: listId })],
    ['userListMembers', userListMembers, () => ({ list_id: listId })],
    ['addListMember', addListMember, () => ({ list_id: listId, user_id: intruder.userId })],
    ['removeListMember', removeListMember, () => ({ list_id: listId, user_id: member.userId })],
    ['removeBlockedLocation', removeBlockedLocation, () => ({ id: locationId })],
  ]
  it.each(cases)('%s', async (_name, call, input) => {
    const before = await ownerState()
    const res = await t.call(call, input(), { token: intruder.token })
    expect(res.status).toBe(404)
    expect(res.body).toEqual({
      result: 'error',
      error: { code: ErrorCodes.NotFound.code, message: 'Not found.' },
    })
    expect(await ownerState()).toEqual(before)
  })

  it('a missing id answers exactly like another user’s', async () => {
    const missing = await t.call(renameUserList, { list_id: 9_999_999, name: 'x' }, { token: intruder.token })
    const theirs = await t.call(renameUserList, { list_id: listId, name: 'x' }, { token: intruder.token })
    expect(missing.body).toEqual(theirs.body)
  })
})

describe('lists without an id are always the caller’s own', () => {
  const cases: [string, CallDef][] = [
    ['followersList', followersList],
    ['followingList', followingList],
    ['blockedUsers', blockedUsers],
  ]
  it.each(cases)('%s ignores a user_id', async (_name, call) => {
    const res = await t.call(call, { user_id: owner.userId }, { token: intruder.token })
    expect(res.status).toBe(200)
    expect(res.body.data.list).toEqual([])
  })

  it('userLists and blockedLocations show nothing of the owner', async () => {
    expect((await t.call(userLists, { user_id: owner.userId }, { token: intruder.token })).body.data).toEqual(
      {
        lists: [],
      },
    )
    const places = await t.call(blockedLocations, { user_id: owner.userId }, { token: intruder.token })
    expect(places.body.data.locations).toEqual([])
  })
})

describe('a blocked account is refused everywhere', () => {
  let blocker: Account
  let blocked: Account
  beforeAll(async () => {
    blocker = await makeCreator(t)
    blocked = await makeAccount(t)
    await follow(t, blocked, blocker)
    await block(t, blocker, blocked)
  })

  const refusals: [string, CallDef, () => Record<string, unknown>, number, number][] = [
    [
      'profileView by id',
      profileView,
      () => ({ user_id: blocker.userId }),
      404,
      ErrorCodes.BlockedLocation.code,
    ],
    [
      'profileView by name',
      profileView,
      () => ({ user_name: blocker.userName }),
      404,
      ErrorCodes.BlockedLocation.code,
    ],
    ['followUser', followUser, () => ({ user_id: blocker.userId }), 403, ErrorCodes.UserUnavailable.code],
    ['unfollowUser', unfollowUser, () => ({ user_id: blocker.userId }), 403, ErrorCodes.UserUnavailable.code],
  ]
  it.each(refusals)('%s', async (_name, call, input, status, code) => {
    const res = await t.call(call, input(), { token: blocked.token })
    expect(res.status).toBe(status)
    expect(res.body.error.code).toBe(code)
    expect(JSON.stringify(res.body)).not.toContain(blocker.userName)
  })

  it('addListMember: the blocked one cannot list the blocker; the blocker may list the blocked one', async () => {
    const theirs = await t.call(createUserList, { name: 'Favourites' }, { token: blocked.token })
    const refused = await t.call(
      addListMember,
      { list_id: theirs.body.data.list.list_id, user_id: blocker.userId },
      { token: blocked.token },
    )
    expect(refused.body.error.code).toBe(ErrorCodes.UserUnavailable.code)
    const mine = await t.call(createUserList, { name: 'Watch' }, { token: blocker.token })
    const allowed = await t.call(
      addListMember,
      { list_id: mine.body.data.list.list_id, user_id: blocked.userId },
      { token: blocker.token },
    )
    expect(allowed.status).toBe(200)
  })

  it('unblockUser and blockUser change only the caller’s own block', async () => {
    await t.call(unblockUser, { user_id: blocker.userId }, { token: blocked.token })
    expect((await t.call(profileView, { user_id: blocker.userId }, { token: blocked.token })).status).toBe(
      404,
    )
    await t.call(blockUser, { user_id: blocker.userId }, { token: blocked.token })
    await t.call(unblockUser, { user_id: blocker.userId }, { token: blocked.token })
    expect(await t.app.services.social.isBlockedEitherWay(blocker.userId, blocked.userId)).toBe(true)
  })

  it('reportContent stays allowed', async () => {
    const res = await t.call(
      reportContent,
      { target_type: 'user', target_id: blocker.userId, reason: 'harassment' },
      { token: blocked.token },
    )
    expect(res.status).toBe(200)
  })

  it('the blocker’s unblock restores the follow', async () => {
    await t.call(unblockUser, { user_id: blocked.userId }, { token: blocker.token })
    const res = await t.call(profileView, { user_id: blocker.userId }, { token: blocked.token })
    expect(res.body.data.profile).toMatchObject({ is_following: true, counts: { followers: 1 } })
  })
})
