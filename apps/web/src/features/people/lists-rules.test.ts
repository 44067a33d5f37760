import { Social, type UserList } from '@velvet/contract'
import { describe, expect, it } from 'vitest'
import { canCreateList, dropList, listIdFrom, memberCountLabel, upsertList } from './lists-rules.ts'

const list = (id: number, name = `List ${id}`, count = 0): UserList => ({
  list_id: id,
  name,
  member_count: count,
  created_at: 1_700_000_000 + id,
})

describe('user lists', () => {
  it('adds new lists last and replaces changed ones in place', () => {
    const lists = [list(1), list(2)]
    expect(upsertList(lists, list(3)).map((l) => l.list_id)).toEqual([1, 2, 3])
    const renamed = upsertList(lists, list(1, 'VIP fans', 4))
    expect(renamed.map((l) => l.name)).toEqual(['VIP fans', 'List 2'])
    expect(dropList(lists, 1).map((l) => l.list_id)).toEqual([2])
  })

  it('stops creating at the limit', () => {
    expect(canCreateList([])).toBe(true)
    expect(canCreateList(Array.from({ length: Social.listsPerUser }, (_, i) => list(i + 1)))).toBe(false)
  })

  it('labels member counts', () => {
    const format = (n: number) => (n >= 1000 ? `${n / 1000}K` : String(n))
    expect(memberCountLabel(0, format)).toBe('No one yet')
    expect(memberCountLabel(1, format)).toBe('1 person')
    expect(memberCountLabel(2000, format)).toBe('2K people')
  })

  it('reads the open list from the query', () => {
    expect(listIdFrom('?list_id=12')).toBe(12)
    expect(listIdFrom('?list_id=0')).toBeNull()
    expect(listIdFrom('?list_id=abc')).toBeNull()
    expect(listIdFrom('')).toBeNull()
  })
})
