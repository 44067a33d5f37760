import { useWindowVirtualizer } from '@tanstack/react-virtual'
import type { Post } from '@velvet/contract'
import { CircleCheck } from 'lucide-react'
import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react'
import { messageOf } from '../../lib/api/errors.ts'
import { Button } from '../../ui/Button.tsx'
import { Spinner } from '../../ui/Spinner.tsx'
import { PostCard } from './PostCard.tsx'
import type { PostListQuery } from './posts.queries.ts'
import { ReadEventsProvider } from './read-events.tsx'
import { restoredScrollTop, tailOf, topVisible, type ViewHistory, viewHistory } from './view-history.ts'
import './post-list.css'

/** A card's height before it is measured (a square photo and its rows on a phone). */
const ESTIMATED_CARD_PX = 640
/** More posts are asked for when this many are left below the visible ones. */
const PREFETCH_ITEMS = 3

function documentTop(element: HTMLElement | null): number {
  return element ? element.getBoundingClientRect().top + window.scrollY : 0
}

/** The footer of a list: loading more, a failed page with a retry, or the end. */
function ListEnd({ query, end }: { query: PostListQuery; end: ReactNode }) {
  if (query.isFetchingNextPage) {
    return (
      <div className="v-post-list__end">
        <Spinner label="Loading more posts" />
      </div>
    )
  }
  if (query.isFetchNextPageError) {
    return (
      <div className="v-post-list__end" role="alert">
        <p>{messageOf(query.error)}</p>
        <Button variant="secondary" size="md" onClick={() => void query.fetchNextPage()}>
          Try again
        </Button>
      </div>
    )
  }
  if (query.hasNextPage) return null
  return (
    <p className="v-post-list__end v-post-list__caught-up">
      <CircleCheck aria-hidden="true" />
      {end}
    </p>
  )
}

/**
 * A long list of post cards, virtualized against the window scroll (only the cards near the viewport
 * exist), loading the next keyset page before the end. Its view history (list, index, offset, has_next and
 * the measured heights) is saved as it scrolls, and restored to the same pixel when the list comes back.
 * Without history, `startAt` (a post id) is scrolled to first.
 */
export function PostList({
  posts,
  query,
  historyKey,
  restore = true,
  startAt,
  stickyTop,
  showPinned = false,
  end = "You're all caught up",
}: {
  posts: Post[]
  query: PostListQuery
  historyKey: string
  /** Whether to come back to the saved position (false: a fresh visit that starts at `startAt`). */
  restore?: boolean
  startAt?: number | undefined
  /** The height of the sticky bar over the list: restored positions start under it. */
  stickyTop?: (() => number) | undefined
  showPinned?: boolean
  end?: ReactNode
}) {
  const listRef = useRef<HTMLDivElement>(null)
  const [saved] = useState<ViewHistory | undefined>(() => (restore ? viewHistory.get(historyKey) : undefined))
  // Where the list starts on the page, and the sticky bar's height (cards scrolled to start under it).
  const [layout, setLayout] = useState({ margin: 0, inset: 0 })
  const position = useRef({ index: saved?.index ?? 0, offset: saved?.offset ?? 0 })

  const measure = () => ({ margin: documentTop(listRef.current), inset: stickyTop?.() ?? 0 })
  const measured = (now: { margin: number; inset: number }) =>
    Math.abs(now.margin - layout.margin) <= 1 && now.inset === layout.inset
  // After every commit: content above the list (a strip that loaded) or the bar may have moved it.
  useLayoutEffect(() => {
    const now = measure()
    if (!measured(now)) setLayout(now)
  })

  const virtualizer = useWindowVirtualizer({
    count: posts.length,
    estimateSize: (index) => {
      const id = posts[index]?.post_id
      return (id !== undefined ? saved?.sizes[id] : undefined) ?? ESTIMATED_CARD_PX
    },
    getItemKey: (index) => posts[index]?.post_id ?? index,
    overscan: 2,
    scrollMargin: layout.margin,
    scrollPaddingStart: layout.inset,
  })
  const items = virtualizer.getVirtualItems()

  // Back to the saved pixel (or to `startAt`) once the list knows where it sits on the page.
  const restored = useRef(false)
  useLayoutEffect(() => {
    // Only once the virtualizer has the list's real place (the bar's ref may come a commit later).
    if (restored.current || posts.length === 0 || !measured(measure())) return
    restored.current = true
    const target = saved ? saved.list[saved.index]?.post_id : startAt
    const found = target === undefined ? -1 : posts.findIndex((post) => post.post_id === target)
    if (saved && found >= 0) {
      // Heights come from the history, so the starts are the ones the viewer left. Reading the virtual
      // items first brings the measurements up to date.
      virtualizer.getVirtualItems()
      const starts = virtualizer.measurementsCache
      const top = restoredScrollTop((index) => starts[index]?.start, { ...saved, index: found })
      window.scrollTo({ top: top - layout.inset, behavior: 'instant' })
    } else if (!saved && found > 0) {
      // Unmeasured cards above it are estimated: the virtualizer corrects the scroll as they are measured.
      virtualizer.scrollToIndex(found, { align: 'start' })
    }
  })

  // Remember where the viewer is: on every scroll frame and when leaving. Subscribed once per layout, not
  // on every render: a scroll re-renders the list, and a fresh subscription would cancel the frame that
  // was about to note the position (it was never noted, and coming back started at the top).
  useEffect(() => {
    let frame = 0
    const remember = () => {
      frame = 0
      // Item starts are page positions (they include the scroll margin), like scrollY.
      position.current = topVisible(virtualizer.getVirtualItems(), window.scrollY + layout.inset)
    }
    const onScroll = () => {
      if (frame === 0) frame = window.requestAnimationFrame(remember)
    }
    window.addEventListener('scroll', onScroll, { passive: true })
    return () => {
      window.removeEventListener('scroll', onScroll)
      if (frame !== 0) window.cancelAnimationFrame(frame)
    }
  }, [virtualizer, layout.inset])
  useEffect(
    () => () => {
      if (!restored.current) return
      const sizes: Record<number, number> = {}
      for (const item of virtualizer.measurementsCache) {
        const id = posts[item.index]?.post_id
        if (id !== undefined) sizes[id] = item.size
      }
      viewHistory.save(historyKey, { list: posts, ...position.current, ...tailOf(query.data), sizes })
    },
    [historyKey, posts, query.data, virtualizer],
  )

  // The next page, before the viewer reaches the end.
  const last = items.at(-1)?.index ?? -1
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query
  useEffect(() => {
    if (
      last >= posts.length - PREFETCH_ITEMS &&
      hasNextPage &&
      !isFetchingNextPage &&
      !isFetchNextPageError
    ) {
      void fetchNextPage()
    }
  }, [last, posts.length, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage])

  return (
    <ReadEventsProvider>
      <div
        ref={listRef}
        className="v-post-list"
        style={{ height: virtualizer.getTotalSize() }}
        aria-busy={query.isFetching || undefined}
      >
        {items.map((item) => {
          const post = posts[item.index]
          if (!post) return null
          return (
            <div
              key={item.key}
              ref={virtualizer.measureElement}
              data-index={item.index}
              className="v-post-list__item"
              style={{ transform: `translateY(${item.start - layout.margin}px)` }}
            >
              <PostCard post={post} eager={item.index === 0} showPinned={showPinned} />
            </div>
          )
        })}
      </div>
      <ListEnd query={query} end={end} />
    </ReadEventsProvider>
  )
}
