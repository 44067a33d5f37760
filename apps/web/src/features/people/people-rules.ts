import type { InfiniteData } from '@tanstack/react-query'
import type { UserCard } from '@velvet/contract'

/** One keyset page of people (followers, following, blocked, list members). */
export interface CardPage {
  list: UserCard[]
  cursor: string | null
  has_next: boolean
}

export type CardPages = InfiniteData<CardPage, unknown>

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

export function isCardPages(value: unknown): value is CardPages {
  if (typeof value !== 'object' || value === null) return false
  const pages = (value as { pages?: unknown }).pages
  return Array.isArray(pages) && pages.every((page) => Array.isArray((page as { list?: unknown }).list))
}

/** The same pages with `change` applied to each card (the structure is kept; unchanged pages are reused). */
export function mapCards(data: CardPages, change: (card: UserCard) => UserCard): CardPages {
  return {
    ...data,
    pages: data.pages.map((page) => {
      const list = page.list.map(change)
      return list.every((card, i) => card === page.list[i]) ? page : { ...page, list }
    }),
  }
}

/** The same pages without one person (unblocked, removed from a list). */
export function withoutCard(data: CardPages, userId: number): CardPages {
  return {
    ...data,
    pages: data.pages.map((page) =>
      page.list.some((card) => card.user_id === userId)
        ? { ...page, list: page.list.filter((card) => card.user_id !== userId) }
        : page,
    ),
  }
}

/** A card with the viewer's follow state set. */
export function cardWithFollow(card: UserCard, userId: number, isFollowing: boolean): UserCard {
  return card.user_id === userId && card.is_following !== isFollowing
    ? { ...card, is_following: isFollowing }
    : card
}
