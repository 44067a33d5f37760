import type { InfiniteData } from '@tanstack/react-query'
import type { Post } from '@velvet/contract'

/** One keyset page of posts, as the list calls answer. */
export interface PostPage {
  list: Post[]
  cursor: string | null
  has_next: boolean
}

export type PostPages = InfiniteData<PostPage, string | undefined>

/**
 * spec §2 "View history for home feed and a user's posts: list, index, offset, has_next": what was loaded,
 * the top visible item and how far it was scrolled past, whether more pages exist (and the cursor to get
 * them), plus the measured card heights so the same pixel comes back.
 */
export interface ViewHistory {
  list: Post[]
  index: number
  /** Pixels of the top visible item above the viewport's top edge (0: at the edge; negative: below it). */
  offset: number
  has_next: boolean
  cursor: string | null
  /** Measured heights by post id. */
  sizes: Record<number, number>
}

/** The history of a few lists is kept; the oldest is forgotten first. */
export const HISTORY_MAX = 12
/** A history older than this starts the list afresh (a feed from an hour ago is not worth restoring). */
export const HISTORY_MAX_AGE_MS = 30 * 60 * 1000

export function homeHistoryKey(viewerId: number): string {
  return `home:${viewerId}`
}

export function userPostsHistoryKey(viewerId: number, userId: number, filter: string): string {
  return `user:${viewerId}:${userId}:${filter}`
}

/** A small in-memory store (one per app): survives route changes, not reloads. */
export function createViewHistoryStore(max = HISTORY_MAX, now: () => number = Date.now) {
  const entries = new Map<string, ViewHistory>()
  const savedAt = new Map<string, number>()
  return {
    get(key: string): ViewHistory | undefined {
      const at = savedAt.get(key)
      if (at === undefined || now() - at > HISTORY_MAX_AGE_MS) return undefined
      return entries.get(key)
    },
    save(key: string, history: ViewHistory): void {
      entries.delete(key)
      entries.set(key, history)
      savedAt.set(key, now())
      while (entries.size > max) {
        const oldest = entries.keys().next().value
        if (oldest === undefined) break
        entries.delete(oldest)
        savedAt.delete(oldest)
      }
    },
    forget(key: string): void {
      entries.delete(key)
      savedAt.delete(key)
    },
    /** Applies `change` to every remembered post (a like, a pin, an edit); null removes it (deleted). */
    mapPosts(change: (post: Post) => Post | null): void {
      for (const [key, history] of entries) {
        const list: Post[] = []
        for (const post of history.list) {
          const next = change(post)
          if (next) list.push(next)
        }
        const index = Math.min(history.index, Math.max(0, list.length - 1))
        entries.set(key, { ...history, list, index })
      }
    },
    clear(): void {
      entries.clear()
      savedAt.clear()
    },
  }
}

export type ViewHistoryStore = ReturnType<typeof createViewHistoryStore>

/** The app's view history. Logout clears it with the query cache (keys carry the viewer too). */
export const viewHistory = createViewHistoryStore()

/** The loaded posts of every page in order; a post seen on an earlier page is not repeated. */
export function flattenPosts(data: PostPages | undefined): Post[] {
  if (!data) return []
  const seen = new Set<number>()
  const posts: Post[] = []
  for (const page of data.pages) {
    for (const post of page.list) {
      if (seen.has(post.post_id)) continue
      seen.add(post.post_id)
      posts.push(post)
    }
  }
  return posts
}

/** The pages a list starts from when its history is restored: one page holding everything loaded. */
export function pagesFromHistory(history: ViewHistory): PostPages {
  return {
    pages: [{ list: history.list, cursor: history.cursor, has_next: history.has_next }],
    pageParams: [undefined],
  }
}

/** The last page's cursor and has_next, which continue the list. */
export function tailOf(data: PostPages | undefined): { cursor: string | null; has_next: boolean } {
  const last = data?.pages.at(-1)
  return { cursor: last?.cursor ?? null, has_next: last?.has_next ?? false }
}

export interface ItemBox {
  index: number
  start: number
  size: number
}

/**
 * The item at the top of the viewport and how far it is scrolled past: the first item whose bottom is
 * below `scrollTop`. The offset is negative when the viewport starts above the list (a header showing).
 */
export function topVisible(items: readonly ItemBox[], scrollTop: number): { index: number; offset: number } {
  for (const item of items) {
    if (item.start + item.size > scrollTop) return { index: item.index, offset: scrollTop - item.start }
  }
  const last = items.at(-1)
  return last ? { index: last.index, offset: Math.max(0, scrollTop - last.start) } : { index: 0, offset: 0 }
}

/** Where to scroll (relative to the list's top) to bring back `index` scrolled past by `offset`. */
export function restoredScrollTop(
  startOf: (index: number) => number | undefined,
  history: ViewHistory,
): number {
  const start = startOf(history.index)
  return start === undefined ? 0 : start + history.offset
}
