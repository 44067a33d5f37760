import type { UserCard } from '@velvet/contract'
import { SearchX } from 'lucide-react'
import { type ReactNode, useEffect, useRef } from 'react'
import { messageOf } from '../../lib/api/errors.ts'
import { Button } from '../../ui/Button.tsx'
import { Spinner } from '../../ui/Spinner.tsx'
import { EmptyState, LoadError } from './EmptyState.tsx'
import { PeopleSkeleton, PersonRow } from './PersonRow.tsx'
import type { PeoplePagesQuery } from './people.queries.ts'
import { flattenPages } from './people-rules.ts'

export interface EmptyContent {
  icon: ReactNode
  title: string
  text: ReactNode
  action?: ReactNode
}

/**
 * An infinite people list (keyset pages): skeleton rows first, then the rows with `action` each, more
 * pages as the end comes into view (or with "Show more"), and honest empty, search-empty and error states.
 */
export function PeopleList({
  query,
  label,
  empty,
  searching,
  action,
}: {
  query: PeoplePagesQuery
  /** Names the list for screen readers. */
  label: string
  empty: EmptyContent
  /** The search term in use: an empty answer then says nothing matched. */
  searching?: string | undefined
  action?: (person: UserCard) => ReactNode
}) {
  const rows = flattenPages(query.data)
  if (query.isPending) return <PeopleSkeleton />
  if (query.isError && rows.length === 0)
    return <LoadError error={query.error} onRetry={() => void query.refetch()} />
  if (rows.length === 0) {
    if (searching) {
      return (
        <EmptyState
          icon={<SearchX />}
          title={`No results for “${searching}”`}
          text="Check the spelling, or search by the start of a username or name."
        />
      )
    }
    return <EmptyState icon={empty.icon} title={empty.title} text={empty.text} action={empty.action} />
  }
  return (
    <>
      <ul className="v-people" aria-label={label} aria-busy={query.isFetching || undefined}>
        {rows.map((person) => (
          <PersonRow key={person.user_id} person={person} action={action?.(person)} />
        ))}
      </ul>
      <MorePeople query={query} />
    </>
  )
}

/** Loads the next page when its marker scrolls into view; a button does the same by hand. */
function MorePeople({ query }: { query: PeoplePagesQuery }) {
  const marker = useRef<HTMLDivElement>(null)
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query
  const canLoad = hasNextPage && !isFetchingNextPage && !isFetchNextPageError

  useEffect(() => {
    const element = marker.current
    if (!element || !canLoad || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) void fetchNextPage()
      },
      { rootMargin: '240px 0px' },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [canLoad, fetchNextPage])

  if (!hasNextPage) return null
  return (
    <div ref={marker} className="v-people-more">
      {isFetchingNextPage ? (
        <Spinner label="Loading more" />
      ) : isFetchNextPageError ? (
        <>
          <p className="v-people-more__error" role="alert">
            {messageOf(query.error)}
          </p>
          <Button variant="secondary" size="md" onClick={() => void fetchNextPage()}>
            Try again
          </Button>
        </>
      ) : (
        <Button variant="ghost" size="md" onClick={() => void fetchNextPage()}>
          Show more
        </Button>
      )}
    </div>
  )
}
