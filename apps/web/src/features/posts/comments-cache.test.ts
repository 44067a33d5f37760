import type { Comment } from '@velvet/contract'
import { describe, expect, it } from 'vitest'
import { type CommentPages, flattenComments, withComment, withoutComment } from './comments-cache.ts'

const comment = (id: number): Comment => ({
  comment_id: id,
  post_id: 1,
  author: { user_id: 2, user_name: 'fan_number_one', nickname: null, portrait: null, verified: false },
  text: `comment ${id}`,
  created_at: 1_700_000_000 + id,
  can_delete: false,
})

const pages = (lists: number[][], lastHasNext = false): CommentPages => ({
  pages: lists.map((ids, i) => ({
    list: ids.map(comment),
    cursor: i < lists.length - 1 || lastHasNext ? `c${i}` : null,
    has_next: i < lists.length - 1 || lastHasNext,
  })),
  pageParams: lists.map((_, i) => (i === 0 ? undefined : `c${i - 1}`)),
})

const ids = (data: CommentPages | undefined) => flattenComments(data).map((c) => c.comment_id)

describe('comment pages', () => {
  it('adds a new comment at the end once the last page is loaded', () => {
    expect(ids(withComment(pages([[1, 2], [3]]), comment(4)))).toEqual([1, 2, 3, 4])
  })

  it('leaves a new comment for "load more" while older pages are still unloaded', () => {
    const data = pages([[1, 2]], true)
    expect(withComment(data, comment(9))).toBe(data)
    expect(withComment(undefined, comment(9))).toBeUndefined()
  })

  it('removes a deleted comment and never lists one twice', () => {
    expect(ids(withoutComment(pages([[1, 2], [3]]), 2))).toEqual([1, 3])
    expect(
      ids(
        pages([
          [1, 2],
          [2, 3],
        ]),
      ),
    ).toEqual([1, 2, 3])
  })
})
