import { Caching } from '@velvet/contract'
import type { UserChanges } from '../../platform/user-changes.ts'

/** What a kept answer was made from: the answer, whose changes make it stale, and when it must end. */
export interface CachedRead<T> {
  value: T
  /** The viewer and every other user the answer shows (the feed's creators, the suggested ones). */
  users: number[]
  /** When the answer must end at the latest (the first of the viewer's memberships to end), if ever. */
  endsAt: Date | null
}

interface Entry<T> {
  value: T
  users: number[]
  mark: number
  until: number
}

/**
 * Answers of one viewer kept in this process as they were answered: the presented page with its media
 * urls signed for that viewer (valid `Media.signedUrlSeconds` from the first answer, far longer than an entry
 * lives). The caller's key must hold the viewer (and the address when blocked places matter), so an entry is
 * only ever given back to the viewer (and place) it was read for.
 * An entry ends after `Caching.feedPageSeconds`, at its `endsAt`, and as soon as the viewer or one of the
 * users it shows changes (`UserChanges`: a post, an edit, a follow, an unlock, a block... on any process).
 * At most `capacity` entries are kept, the oldest stored going first.
 */
export function createAnswerCache(deps: {
  changes: Pick<UserChanges, 'mark' | 'fresh' | 'storable'>
  now: () => number
  capacity: number
}) {
  const { changes, now, capacity } = deps
  const entries = new Map<string, Entry<unknown>>()

  return {
    async get<T>(key: string, read: () => Promise<CachedRead<T>>): Promise<T> {
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
      if (entries.size >= capacity) {
        const oldest = entries.keys().next().value
        if (oldest !== undefined) entries.delete(oldest)
      }
      entries.set(key, { value: fresh.value, users: fresh.users, mark, until })
      return fresh.value
    },
  }
}

export type AnswerCache = ReturnType<typeof createAnswerCache>
