import type { Clock } from '../../platform/clock.ts'
import type { Viewer } from '../../platform/http.ts'
import type { ListsRepo } from './lists-repo.ts'
import { assertCanAddMember, assertCanCreateList, assertListHasRoom, assertOwnsList } from './policy.ts'
import { presentUserList } from './presenters.ts'
import type { SocialRepo } from './repo.ts'
import type { PeopleQueryInput, SocialService } from './service.ts'

export interface ListsServiceDeps {
  repo: ListsRepo
  social: Pick<SocialRepo, 'userById' | 'relation'>
  people: Pick<SocialService, 'members'>
  clock: Clock
}

/** Lists a user makes of other users (/user/list), e.g. "VIP fans". Private to their owner. */
export function createListsService({ repo, social, people, clock }: ListsServiceDeps) {
  async function ownList(viewer: Viewer, listId: number) {
    const list = await repo.listById(listId)
    assertOwnsList(viewer.userId, list)
    return list
  }

  return {
    async lists(viewer: Viewer) {
      return { lists: (await repo.listsOf(viewer.userId)).map(presentUserList) }
    },

    async create(viewer: Viewer, name: string) {
      const list = await repo.transaction(async (tx) => {
        await repo.lockOwner(viewer.userId, tx)
        assertCanCreateList(await repo.countLists(viewer.userId, tx))
        return repo.insertList({ ownerId: viewer.userId, name, createdAt: clock.now() }, tx)
      })
      return { list: presentUserList(list) }
    },

    async rename(viewer: Viewer, listId: number, name: string) {
      const list = await ownList(viewer, listId)
      const renamed = await repo.renameList(list.id, name)
      assertOwnsList(viewer.userId, renamed)
      return { list: presentUserList(renamed) }
    },

    async remove(viewer: Viewer, listId: number) {
      const list = await ownList(viewer, listId)
      await repo.deleteList(list.id)
      return {}
    },

    async members(viewer: Viewer, listId: number, input: PeopleQueryInput) {
      const list = await ownList(viewer, listId)
      return people.members(viewer, list.id, input)
    },

    async addMember(viewer: Viewer, listId: number, userId: number) {
      await ownList(viewer, listId)
      const [target, relation] = await Promise.all([
        social.userById(userId),
        social.relation(viewer.userId, userId),
      ])
      assertCanAddMember(viewer.userId, target, relation)
      const list = await repo.transaction(async (tx) => {
        const locked = await repo.lockList(listId, tx)
        assertOwnsList(viewer.userId, locked)
        if (await repo.isMember(locked.id, target.id, tx)) return locked
        assertListHasRoom(locked)
        return repo.addMember(locked, target.id, clock.now(), tx)
      })
      return { list: presentUserList(list) }
    },

    async removeMember(viewer: Viewer, listId: number, userId: number) {
      await ownList(viewer, listId)
      const list = await repo.transaction(async (tx) => {
        const locked = await repo.lockList(listId, tx)
        assertOwnsList(viewer.userId, locked)
        return repo.removeMember(locked, userId, tx)
      })
      return { list: presentUserList(list) }
    },
  }
}

export type ListsService = ReturnType<typeof createListsService>
