import { describe, expect, it } from 'vitest'
import { makePost } from './post-fixtures.ts'
import {
  createViewHistoryStore,
  flattenPosts,
  HISTORY_MAX_AGE_MS,
  type PostPages,
  pagesFromHistory,
  restoredScrollTop,
  tailOf,
  topVisible,
  type ViewHistory,
} from './view-history.ts'

const history = (overrides: Partial<ViewHistory> = {}): ViewHistory => ({
  list: [makePost({ post_id: 1 }), makePost({ post_id: 2 }), makePost({ post_id: 3 })],
  index: 1,
  offset: 120,
  has_next: true,
  cursor: 'c3',
  sizes: { 1: 500, 2: 640, 3: 480 },
  ...overrides,
})

describe('view history store', () => {
  it('keeps list, index, offset and has_next per list until forgotten', () => {
    const store = createViewHistoryStore()
    store.save('home:1', history())
    expect(store.get('home:1')).toMatchObject({ index: 1, offset: 120, has_next: true, cursor: 'c3' })
    expect(store.get('home:2')).toBeUndefined()
    store.forget('home:1')
    expect(store.get('home:1')).toBeUndefined()
  })

  it('forgets a history older than half an hour', () => {
    let now = 0
    const store = createViewHistoryStore(12, () => now)
    store.save('home:1', history())
    now = HISTORY_MAX_AGE_MS
    expect(store.get('home:1')).toBeDefined()
    now = HISTORY_MAX_AGE_MS + 1
    expect(store.get('home:1')).toBeUndefined()
  })

  it('forgets the least recently saved list beyond its size', () => {
    const store = createViewHistoryStore(2)
    store.save('a', history())
    store.save('b', history())
    store.save('a', history({ index: 2 }))
    store.save('c', history())
    expect(store.get('b')).toBeUndefined()
    expect(store.get('a')?.index).toBe(2)
    expect(store.get('c')).toBeDefined()
  })

  it('applies post changes to remembered lists and drops deleted posts, keeping the index in range', () => {
    const store = createViewHistoryStore()
    store.save('home:1', history({ index: 2 }))
    store.mapPosts((post) => (post.post_id === 2 ? { ...post, likes: 5 } : post))
    expect(store.get('home:1')?.list.map((p) => p.likes)).toEqual([0, 5, 0])
    store.mapPosts((post) => (post.post_id === 3 ? null : post))
    expect(store.get('home:1')?.list.map((p) => p.post_id)).toEqual([1, 2])
    expect(store.get('home:1')?.index).toBe(1)
  })
})

describe('list pages', () => {
  it('restores the loaded posts as one page that continues from the saved cursor', () => {
    const pages = pagesFromHistory(history())
    expect(flattenPosts(pages).map((p) => p.post_id)).toEqual([1, 2, 3])
    expect(tailOf(pages)).toEqual({ cursor: 'c3', has_next: true })
    expect(tailOf(undefined)).toEqual({ cursor: null, has_next: false })
  })

  it('flattens pages without repeating a post that moved to a later page', () => {
    const data: PostPages = {
      pages: [
        { list: [makePost({ post_id: 1 }), makePost({ post_id: 2 })], cursor: 'a', has_next: true },
        { list: [makePost({ post_id: 2 }), makePost({ post_id: 3 })], cursor: null, has_next: false },
      ],
      pageParams: [undefined, 'a'],
    }
    expect(flattenPosts(data).map((p) => p.post_id)).toEqual([1, 2, 3])
  })
})

describe('scroll position', () => {
  const boxes = [
    { index: 0, start: 0, size: 500 },
    { index: 1, start: 500, size: 640 },
    { index: 2, start: 1140, size: 480 },
  ]

  it('finds the top visible item and how far it is scrolled past', () => {
    expect(topVisible(boxes, 0)).toEqual({ index: 0, offset: 0 })
    expect(topVisible(boxes, 499)).toEqual({ index: 0, offset: 499 })
    expect(topVisible(boxes, 620)).toEqual({ index: 1, offset: 120 })
    expect(topVisible(boxes, 5000)).toEqual({ index: 2, offset: 3860 })
    expect(topVisible([], 300)).toEqual({ index: 0, offset: 0 })
    // The viewport starts above the list (a header over it is in view).
    expect(topVisible([{ index: 0, start: 200, size: 500 }], 80)).toEqual({ index: 0, offset: -120 })
  })

  it('scrolls back to the same pixel', () => {
    const startOf = (index: number) => boxes[index]?.start
    const saved = history({ index: 1, offset: 120 })
    expect(restoredScrollTop(startOf, saved)).toBe(620)
    expect(topVisible(boxes, restoredScrollTop(startOf, saved))).toEqual({ index: 1, offset: 120 })
    expect(restoredScrollTop(() => undefined, saved)).toBe(0)
  })
})
