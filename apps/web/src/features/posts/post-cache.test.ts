import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { feedKeys, postKeys } from '../../lib/query-keys.ts'
import { removePost, setLiked, withLike } from './post-cache.ts'
import { makePost } from './post-fixtures.ts'
import { commentKeys } from './posts.queries.ts'
import { type PostPages, viewHistory } from './view-history.ts'

const pages = (...ids: number[][]): PostPages => ({
  pages: ids.map((list, i) => ({
    list: list.map((id) => makePost({ post_id: id })),
    cursor: `c${i}`,
    has_next: i < ids.length - 1,
  })),
  pageParams: ids.map((_, i) => (i === 0 ? undefined : `c${i - 1}`)),
})

describe('withLike', () => {
  it('moves the count by one only when the state changes, or takes the server count', () => {
    const post = makePost({ likes: 4, liked_by_me: false })
    expect(withLike(post, true)).toMatchObject({ liked_by_me: true, likes: 5 })
    expect(withLike(withLike(post, true), true)).toMatchObject({ likes: 5 })
    expect(withLike(makePost({ likes: 0, liked_by_me: true }), false).likes).toBe(0)
    expect(withLike(post, true, 42).likes).toBe(42)
  })
})

describe('post cache updates', () => {
  it('change the post in the feed, every user list, its detail and the view history, not comments', () => {
    const client = new QueryClient()
    client.setQueryData(feedKeys.home(1), pages([1, 2], [3]))
    client.setQueryData(postKeys.user(1, 7, 'all'), pages([3, 4]))
    client.setQueryData(postKeys.detail(1, 3), { post: makePost({ post_id: 3 }) })
    const comments = { pages: [{ list: [{ comment_id: 9, post_id: 3 }], cursor: null, has_next: false }] }
    client.setQueryData(commentKeys.of(1, 3), comments)
    viewHistory.save('home:1', {
      list: [makePost({ post_id: 3 })],
      index: 0,
      offset: 0,
      has_next: false,
      cursor: null,
      sizes: {},
    })

    setLiked(client, 3, true, 10)

    const feed = client.getQueryData<PostPages>(feedKeys.home(1))
    expect(feed?.pages[1]?.list[0]).toMatchObject({ post_id: 3, liked_by_me: true, likes: 10 })
    expect(feed?.pages[0]?.list.every((post) => post.likes === 0)).toBe(true)
    expect(client.getQueryData<PostPages>(postKeys.user(1, 7, 'all'))?.pages[0]?.list[0]?.likes).toBe(10)
    expect(client.getQueryData<{ post: { likes: number } }>(postKeys.detail(1, 3))?.post.likes).toBe(10)
    expect(client.getQueryData(commentKeys.of(1, 3))).toBe(comments)
    expect(viewHistory.get('home:1')?.list[0]?.likes).toBe(10)

    removePost(client, 3)
    expect(client.getQueryData<PostPages>(feedKeys.home(1))?.pages[1]?.list).toEqual([])
    expect(client.getQueryData(postKeys.detail(1, 3))).toBeUndefined()
    expect(viewHistory.get('home:1')?.list).toEqual([])
    viewHistory.clear()
  })
})
