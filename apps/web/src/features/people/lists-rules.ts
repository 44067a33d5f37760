import { Social, type UserList } from '@velvet/contract'

export const LISTS_PATH = '/user/list'

/** One list's members: /user/list?list_id=12. */
export function listPath(listId: number): string {
  return `${LISTS_PATH}?list_id=${listId}`
}

/** The viewer's lists after one was created or changed (order kept: oldest first, new ones last). */
export function upsertList(lists: readonly UserList[], list: UserList): UserList[] {
  return lists.some((item) => item.list_id === list.list_id)
    ? lists.map((item) => (item.list_id === list.list_id ? list : item))
    : [...lists, list]
}

export function dropList(lists: readonly UserList[], listId: number): UserList[] {
  return lists.filter((item) => item.list_id !== listId)
}

/** Whether another list may be made (Social.listsPerUser). */
export function canCreateList(lists: readonly UserList[]): boolean {
  return lists.length < Social.listsPerUser
}

/** "No one", "1 person", "12 people" (abbreviated with `format`). */
export function memberCountLabel(count: number, format: (n: number) => string): string {
  if (count === 0) return 'No one yet'
  return `${format(count)} ${count === 1 ? 'person' : 'people'}`
}

/** ?list_id=12 on /user/list opens that list; anything else shows the lists. */
export function listIdFrom(search: string): number | null {
  const raw = new URLSearchParams(search).get('list_id')
  if (raw === null || !/^\d{1,15}$/.test(raw)) return null
  const id = Number(raw)
  return id > 0 ? id : null
}
