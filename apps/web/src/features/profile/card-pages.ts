import type { InfiniteData } from '@tanstack/react-query'
import type { UserCard } from '@velvet/contract'

/*
 * Pages of person cards as the people lists cache them, and the changes a follow or a block makes to them
 * (the social cache applies these to every cached list).
 */

/** One keyset page of people (followers, following, blocked, list members). */
export interface CardPage {
  list: UserCard[]
  cursor: string | null
  has_next: boolean
}

export type CardPages = InfiniteData<CardPage, unknown>

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
