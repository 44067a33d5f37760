import { useEffect, useRef } from 'react'
import { Button } from './Button.tsx'
import { Spinner } from './Spinner.tsx'
import './LoadMore.css'

/** The part of an infinite query (TanStack's useInfiniteQuery result) the end of a list needs. */
export interface NextPages {
  hasNextPage: boolean
  isFetchingNextPage: boolean
  isFetchNextPageError: boolean
  fetchNextPage: () => Promise<unknown>
}

/**
 * The end of a keyset list while there is more: the next page loads when this comes into view (`rootMargin`
 * ahead), "Show more" does the same by hand, and a failed page says why with a retry.
 */
export function LoadMore({
  pages,
  errorMessage,
  loadingLabel = 'Loading more',
  moreLabel = 'Show more',
  rootMargin = '240px 0px',
  showMoreButton = true,
  className,
}: {
  pages: NextPages
  /** What a failed page says (messageOf(query.error)). */
  errorMessage: string
  loadingLabel?: string
  /** The button that loads the next page by hand. */
  moreLabel?: string
  rootMargin?: string
  showMoreButton?: boolean
  className?: string
}) {
  const marker = useRef<HTMLDivElement>(null)
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = pages
  const canLoad = hasNextPage && !isFetchingNextPage && !isFetchNextPageError

  useEffect(() => {
    const element = marker.current
    if (!element || !canLoad || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) void fetchNextPage()
      },
      { rootMargin },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [canLoad, fetchNextPage, rootMargin])

  if (!hasNextPage) return null
  return (
    <div ref={marker} className={className ? `v-load-more ${className}` : 'v-load-more'}>
      {isFetchingNextPage ? (
        <Spinner label={loadingLabel} />
      ) : isFetchNextPageError ? (
        <>
          <p className="v-load-more__error" role="alert">
            {errorMessage}
          </p>
          <Button variant="secondary" size="md" onClick={() => void fetchNextPage()}>
            Try again
          </Button>
        </>
      ) : showMoreButton ? (
        <Button variant="ghost" size="md" onClick={() => void fetchNextPage()}>
          {moreLabel}
        </Button>
      ) : null}
    </div>
  )
}
