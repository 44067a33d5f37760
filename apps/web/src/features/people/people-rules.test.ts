import type { UserCard } from '@velvet/contract'
import { describe, expect, it } from 'vitest'
import { type CardPages, cardWithFollow, isCardPages, mapCards, withoutCard } from '../profile/index.ts'
import { flattenPages, nextCursor, searchTerm } from './people-rules.ts'

const card = (userId: number, isFollowing = false): UserCard => ({
  user_id: userId,
  user_name: `user_${userId}`,
  nickname: null,
  portrait: null,
  user_role: 0,
  verified: false,
  is_following: isFollowing,
  since: 1_700_000_000 - userId,
})

const data: CardPages = {
  pages: [
    { list: [card(1), card(2)], cursor: 'c2', has_next: true },
    { list: [card(2), card(3)], cursor: null, has_next: false },
  ],
  pageParams: [undefined, 'c2'],
}

describe('keyset pages of people', () => {
  it('asks for the next page only while there is one', () => {
    expect(nextCursor({ list: [], cursor: 'abc', has_next: true })).toBe('abc')
    expect(nextCursor({ list: [], cursor: null, has_next: false })).toBeUndefined()
    expect(nextCursor({ list: [], cursor: 'abc', has_next: false })).toBeUndefined()
  })

  it('merges pages in order without repeating a person', () => {
    expect(flattenPages(data).map((c) => c.user_id)).toEqual([1, 2, 3])
    expect(flattenPages(undefined)).toEqual([])
  })

  it('maps and removes cards keeping untouched pages', () => {
    const mapped = mapCards(data, (c) => cardWithFollow(c, 3, true))
    expect(mapped.pages[0]).toBe(data.pages[0])
    expect(mapped.pages[1]?.list[1]?.is_following).toBe(true)
    const removed = withoutCard(data, 2)
    expect(flattenPages(removed).map((c) => c.user_id)).toEqual([1, 3])
    expect(removed.pageParams).toEqual(data.pageParams)
  })

  it('recognises card pages and trims the search term', () => {
    expect(isCardPages(data)).toBe(true)
    expect(isCardPages({ lists: [] })).toBe(false)
    expect(isCardPages(null)).toBe(false)
    expect(searchTerm('  mia ')).toBe('mia')
    expect(searchTerm('   ')).toBeUndefined()
    expect(searchTerm('x'.repeat(50))).toHaveLength(40)
  })
})
