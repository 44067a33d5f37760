import {
  addListMember,
  createUserList,
  deleteUserList,
  ErrorCodes,
  removeListMember,
  renameUserList,
  Social,
  unblockUser,
  userListMembers,
  userLists,
} from '@velvet/contract'
import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeAccount } from '../../test/factories.ts'
import { startTestApp, type TestApp } from '../../test/harness.ts'
import { type Account, block, makeAccounts, markDeleted } from '../../test/social-factories.ts'
import { userLists as lists, userListMembers as members } from './schema.ts'

let t: TestApp
beforeAll(async () => {
  t = await startTestApp()
})
afterAll(() => t.close())

async function createList(owner: Account, name: string) {
  const res = await t.call(createUserList, { name }, { token: owner.token })
  if (res.status !== 200) throw new Error(JSON.stringify(res.body))
  return res.body.data.list as { list_id: number; name: string; member_count: number }
}

const memberRows = async (listId: number) => {
  const [row] = await t.database.db.select({ n: count() }).from(members).where(eq(members.listId, listId))
  return row?.n ?? 0
}

describe('user lists', () => {
  it('creates, renames, lists and deletes the owner’s lists; names are unique per owner in any case', async () => {
    const owner = await makeAccount(t)
    const other = await makeAccount(t)
    const vip = await createList(owner, '  VIP fans ')
    expect(vip).toEqual({
      list_id: expect.any(Number),
      name: 'VIP fans',
      member_count: 0,
      created_at: expect.any(Number),
    })
    const dup = await t.call(createUserList, { name: 'vip FANS' }, { token: owner.token })
    expect(dup.status).toBe(409)
    expect(dup.body.error.code).toBe(ErrorCodes.ListNameTaken.code)
    // Another owner may use the same name.
    await createList(other, 'VIP fans')
    const close = await createList(owner, 'Close friends')
    const clash = await t.call(
      renameUserList,
      { list_id: close.list_id, name: 'Vip Fans' },
      { token: owner.token },
    )
    expect(clash.body.error.code).toBe(ErrorCodes.ListNameTaken.code)
    const renamed = await t.call(
      renameUserList,
      { list_id: close.list_id, name: 'Regulars' },
      { token: owner.token },
    )
    expect(renamed.body.data.list.name).toBe('Regulars')
    const all = await t.call(userLists, {}, { token: owner.token })
    expect(all.body.data.lists.map((l: { name: string }) => l.name)).toEqual(['VIP fans', 'Regulars'])
    expect((await t.call(deleteUserList, { list_id: vip.list_id }, { token: owner.token })).status).toBe(200)
    expect((await t.call(deleteUserList, { list_id: vip.list_id }, { token: owner.token })).status).toBe(404)
    const blank = await t.call(createUserList, { name: '   ' }, { token: owner.token })
    expect(blank.status).toBe(400)
  })

  it(`allows at most ${Social.listsPerUser} lists, also under concurrent creation`, async () => {
    const owner = await makeAccount(t)
    for (let i = 0; i < Social.listsPerUser - 3; i++) await createList(owner, `List ${i}`)
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        t.call(createUserList, { name: `Race ${i}` }, { token: owner.token }),
      ),
    )
    expect(results.filter((r) => r.status === 200)).toHaveLength(3)
    expect(results.filter((r) => r.body.error?.code === ErrorCodes.ListLimitReached.code)).toHaveLength(3)
    const [row] = await t.database.db
      .select({ n: count() })
      .from(lists)
      .where(eq(lists.ownerId, owner.userId))
    expect(row?.n).toBe(Social.listsPerUser)
  })

  it('adds and removes members idempotently with an exact member count, also concurrently', async () => {
    const owner = await makeAccount(t)
    const people = await makeAccounts(t, 4)
    const list = await createList(owner, 'Regulars')
    const add = (p: Account) =>
      t.call(addListMember, { list_id: list.list_id, user_id: p.userId }, { token: owner.token })
    const results = await Promise.all([...people, ...people].map(add))
    expect(results.every((r) => r.status === 200)).toBe(true)
    const remove = (p: Account) =>
      t.call(removeListMember, { list_id: list.list_id, user_id: p.userId }, { token: owner.token })
    const removed = await Promise.all([remove(people[0] as Account), remove(people[0] as Account)])
    expect(removed.map((r) => r.status)).toEqual([200, 200])
    const all = await t.call(userLists, {}, { token: owner.token })
    expect(all.body.data.lists[0].member_count).toBe(3)
    expect(await memberRows(list.list_id)).toBe(3)
    const page = await t.call(userListMembers, { list_id: list.list_id, limit: 2 }, { token: owner.token })
    expect(page.body.data.list.map((c: { user_id: number }) => c.user_id)).toEqual([
      people[3]?.userId,
      people[2]?.userId,
    ])
    const next = await t.call(
      userListMembers,
      { list_id: list.list_id, cursor: page.body.data.cursor },
      { token: owner.token },
    )
    expect(next.body.data).toMatchObject({ has_next: false, cursor: null })
    expect(next.body.data.list.map((c: { user_id: number }) => c.user_id)).toEqual([people[1]?.userId])
    const found = await t.call(
      userListMembers,
      { list_id: list.list_id, q: people[2]?.userName },
      { token: owner.token },
    )
    expect(found.body.data.list).toHaveLength(1)
  })

  it('refuses oneself, unknown and deleted accounts, and someone who blocked the owner', async () => {
    const owner = await makeAccount(t)
    const [blocker, blocked, gone] = (await makeAccounts(t, 3)) as [Account, Account, Account]
    const list = await createList(owner, 'Mixed')
    const add = (id: number) =>
      t.call(addListMember, { list_id: list.list_id, user_id: id }, { token: owner.token })
    expect((await add(owner.userId)).body.error.fields[0].rule).toBe('list.self')
    expect((await add(99_999_999)).status).toBe(404)
    await markDeleted(t, gone)
    expect((await add(gone.userId)).status).toBe(404)
    await block(t, blocker, owner)
    expect((await add(blocker.userId)).body.error.code).toBe(ErrorCodes.UserUnavailable.code)
    // The owner may list someone they blocked; the member stays hidden until the block is lifted.
    await block(t, owner, blocked)
    expect((await add(blocked.userId)).status).toBe(200)
    const shown = () => t.call(userListMembers, { list_id: list.list_id }, { token: owner.token })
    expect((await shown()).body.data.list).toEqual([])
    await t.call(unblockUser, { user_id: blocked.userId }, { token: owner.token })
    expect((await shown()).body.data.list.map((c: { user_id: number }) => c.user_id)).toEqual([
      blocked.userId,
    ])
  })

  it('refuses to add to a full list (3006)', async () => {
    const owner = await makeAccount(t)
    const person = await makeAccount(t)
    const list = await createList(owner, 'Full')
    await t.database.db
      .update(lists)
      .set({ memberCount: Social.membersPerList })
      .where(eq(lists.id, list.list_id))
    const res = await t.call(
      addListMember,
      { list_id: list.list_id, user_id: person.userId },
      { token: owner.token },
    )
    expect(res.status).toBe(409)
    expect(res.body.error.code).toBe(ErrorCodes.ListFull.code)
  })
})
