import type { UserCard } from '@velvet/contract'
import { SearchX } from 'lucide-react'
import type { ReactNode } from 'react'
import { messageOf } from '../../lib/api/errors.ts'
import { EmptyState } from '../../ui/EmptyState.tsx'
import { LoadMore } from '../../ui/LoadMore.tsx'
import { LoadError } from '../errors/index.ts'
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
      <LoadMore pages={query} errorMessage={messageOf(query.error)} />
    </>
  )
}
