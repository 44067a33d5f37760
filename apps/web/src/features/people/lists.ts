import { useMutation, useQueryClient } from '@tanstack/react-query'
import {
  addListMember,
  createUserList,
  deleteUserList,
  removeListMember,
  renameUserList,
  type UserList,
} from '@velvet/contract'
import { api } from '../../lib/api/index.ts'
import { peopleKeys } from '../../lib/query-keys.ts'
import { type CardPages, withoutCard } from '../profile/index.ts'
import { dropList, upsertList } from './lists-rules.ts'

type ListsData = { lists: UserList[] }

/** The calls of /user/list; each keeps the cached lists and members in step with the answer. */
export function useListActions() {
  const client = useQueryClient()
  // A lists fetch still in flight (a refetch on focus or mount) would land after the answer and put the old
  // name back: cancel it first.
  const store = async (list: UserList) => {
    await client.cancelQueries({ queryKey: peopleKeys.lists() })
    client.setQueryData<ListsData>(peopleKeys.lists(), (data) =>
      data ? { lists: upsertList(data.lists, list) } : data,
    )
  }

  const create = useMutation({
    mutationFn: (name: string) => api.call(createUserList, { name }),
    onSuccess: ({ list }) => store(list),
  })
  const rename = useMutation({
    mutationFn: (input: { list_id: number; name: string }) => api.call(renameUserList, input),
    onSuccess: ({ list }) => store(list),
  })
  const remove = useMutation({
    mutationFn: (listId: number) => api.call(deleteUserList, { list_id: listId }),
    onSuccess: async (_answer, listId) => {
      await client.cancelQueries({ queryKey: peopleKeys.lists() })
      client.setQueryData<ListsData>(peopleKeys.lists(), (data) =>
        data ? { lists: dropList(data.lists, listId) } : data,
      )
      client.removeQueries({ queryKey: peopleKeys.membersOf(listId) })
    },
  })
  const addMember = useMutation({
    mutationFn: (input: { list_id: number; user_id: number }) => api.call(addListMember, input),
    onSuccess: async ({ list }) => {
      await store(list)
      void client.invalidateQueries({ queryKey: peopleKeys.membersOf(list.list_id) })
    },
  })
  const removeMember = useMutation({
    mutationFn: (input: { list_id: number; user_id: number }) => api.call(removeListMember, input),
    onSuccess: async ({ list }, { user_id }) => {
      await store(list)
      for (const [key, data] of client.getQueriesData<CardPages>({
        queryKey: peopleKeys.membersOf(list.list_id),
      })) {
        if (data) client.setQueryData(key, withoutCard(data, user_id))
      }
    },
  })
  return { create, rename, remove, addMember, removeMember }
}
