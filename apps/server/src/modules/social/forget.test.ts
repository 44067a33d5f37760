import { addListMember, createUserList, userLists } from '@velvet/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeAccount } from '../../test/factories.ts'
import { startTestApp, type TestApp } from '../../test/harness.ts'
import {
  type Account,
  actualCounts,
  follow,
  makeAccounts,
  markDeleted,
  storedCounts,
} from '../../test/social-factories.ts'

let t: TestApp
beforeAll(async () => {
  t = await startTestApp()
})
afterAll(() => t.close())

describe('forgetting a deleted account', () => {
  it('drops its follows and list memberships and lowers every counter', async () => {
    const leaving = await makeAccount(t)
    const [fan, idol, owner] = (await makeAccounts(t, 3)) as [Account, Account, Account]
    await follow(t, fan, leaving)
    await follow(t, leaving, idol)
    await follow(t, leaving, fan)
    const list = await t.call(createUserList, { name: 'Friends' }, { token: owner.token })
    const listId = list.body.data.list.list_id
    for (const person of [leaving, fan]) {
      await t.call(addListMember, { list_id: listId, user_id: person.userId }, { token: owner.token })
    }
    await markDeleted(t, leaving)
    await t.app.services.social.forgetAccount(leaving.userId)
    for (const account of [leaving, fan, idol]) {
      expect(await storedCounts(t, account.userId)).toEqual(await actualCounts(t, account.userId))
    }
    expect(await storedCounts(t, leaving.userId)).toEqual({ followers: 0, following: 0 })
    expect(await storedCounts(t, fan.userId)).toEqual({ followers: 0, following: 0 })
    const lists = await t.call(userLists, {}, { token: owner.token })
    expect(lists.body.data.lists[0].member_count).toBe(1)
  })
})
