import { Caching } from '@velvet/contract'
import type { UserChanges } from '../../platform/user-changes.ts'

/** What a first feed page was read from: the value, whose changes make it stale, and when it must end. */
export interface FeedRead<T> {
  value: T
  /** The viewer and every creator whose posts the feed may show (followed, live memberships). */
  users: number[]
  /** The first of the viewer's memberships to end: locks and the feed's creators change then. */
  endsAt: Date | null
}

interface Entry<T> {
  value: T
  users: number[]
  mark: number
  until: number
}

/**
 * One viewer's first home feed page, kept in this process as it was answered: the presented page with its media
 * urls signed for that viewer (valid `Media.signedUrlSeconds` from the first answer, far longer than an entry
 * lives). The key is the viewer, the page size and the address, so an entry is only ever given back to the
 * viewer (and place) it was read for.
 * An entry ends after `Caching.feedPageSeconds`, at the first of the viewer's memberships to end, and as
 * soon as the viewer or one of the feed's creators changes (`UserChanges`: a post, an edit, a follow, an
 * unlock, a block... on any process).
 */
export function createFeedCache(deps: {
  changes: Pick<UserChanges, 'mark' | 'fresh' | 'storable'>
  now: () => number
}) {
  const { changes, now } = deps
  const entries = new Map<string, Entry<unknown>>()

  return {
    async firstPage<T>(
      viewerId: number,
      limit: number,
      ip: string,
      read: () => Promise<FeedRead<T>>,
    ): Promise<T> {
      const key = `${viewerId}:${limit}:${ip}`
      const hit = entries.get(key)
      if (hit) {
        if (now() < hit.until && changes.fresh(hit.mark, hit.users)) return hit.value as T
        entries.delete(key)
      }
      // Taken before reading: a change committed while reading makes the entry stale at once.
      const mark = changes.mark()
      const fresh = await read()
      if (mark === null || !changes.storable(mark, fresh.users)) return fresh.value
      const until = Math.min(
        now() + Caching.feedPageSeconds * 1000,
        fresh.endsAt ? fresh.endsAt.getTime() : Number.POSITIVE_INFINITY,
      )
      if (until <= now()) return fresh.value
      if (entries.size >= Caching.feedPages) {
        const oldest = entries.keys().next().value
        if (oldest !== undefined) entries.delete(oldest)
      }
      entries.set(key, { value: fresh.value, users: fresh.users, mark, until })
      return fresh.value
    },
  }
}

export type FeedCache = ReturnType<typeof createFeedCache>
