import type { UserCard } from '@velvet/contract'
import type { CardPage, CardPages } from '../profile/index.ts'

/** The cursor of the next page, or undefined on the last one (TanStack Query's "no more pages"). */
export function nextCursor(page: CardPage): string | undefined {
  return page.has_next && page.cursor ? page.cursor : undefined
}

/** The rows of every loaded page in order; a person seen on an earlier page is not repeated. */
export function flattenPages(data: CardPages | undefined): UserCard[] {
  if (!data) return []
  const seen = new Set<number>()
  const rows: UserCard[] = []
  for (const page of data.pages) {
    for (const card of page.list) {
      if (seen.has(card.user_id)) continue
      seen.add(card.user_id)
      rows.push(card)
    }
  }
  return rows
}

/** The search term as the calls take it (PeopleQuery.q: trimmed, at most 40), or undefined for none. */
export const SEARCH_MAX = 40

export function searchTerm(raw: string): string | undefined {
  const q = raw.trim().slice(0, SEARCH_MAX)
  return q === '' ? undefined : q
}
