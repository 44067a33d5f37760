import type { UserCard, UserList } from '@velvet/contract'
import { Check, Plus, UserPlus, Users } from 'lucide-react'
import { type KeyboardEvent, type ReactNode, useId, useState } from 'react'
import { messageOf } from '../../lib/api/errors.ts'
import { BottomSheet } from '../../ui/BottomSheet.tsx'
import { Button } from '../../ui/Button.tsx'
import { toast } from '../../ui/toast-store.ts'
import { displayName } from '../profile/index.ts'
import { useListActions } from './lists.ts'
import { PeopleList } from './PeopleList.tsx'
import { useFollowers, useFollowing } from './people.queries.ts'
import { SearchField, useSearch } from './SearchField.tsx'
import './lists.css'

type Source = 'followers' | 'following'
const sources: { id: Source; label: string }[] = [
  { id: 'followers', label: 'Followers' },
  { id: 'following', label: 'Following' },
]

type AddAction = (person: UserCard) => ReactNode

function FromFollowers({ q, action }: { q: string | undefined; action: AddAction }) {
  const query = useFollowers(q)
  return (
    <PeopleList
      query={query}
      label="Your followers"
      searching={q}
      action={action}
      empty={{ icon: <Users />, title: 'No followers yet', text: 'People who follow you can be added here.' }}
    />
  )
}

function FromFollowing({ q, action }: { q: string | undefined; action: AddAction }) {
  const query = useFollowing(q)
  return (
    <PeopleList
      query={query}
      label="People you follow"
      searching={q}
      action={action}
      empty={{
        icon: <UserPlus />,
        title: "You aren't following anyone",
        text: 'Accounts you follow can be added here.',
      }}
    />
  )
}

/** "Add people" to a list, picked from the viewer's followers or the accounts they follow, with search. */
export function AddPeopleSheet({
  open,
  onClose,
  list,
}: {
  open: boolean
  onClose: () => void
  list: UserList
}) {
  const [source, setSource] = useState<Source>('followers')
  const [added, setAdded] = useState<ReadonlySet<number>>(new Set())
  const [pending, setPending] = useState<ReadonlySet<number>>(new Set())
  const search = useSearch()
  const actions = useListActions()
  const tabsId = useId()

  const add = async (person: UserCard) => {
    if (pending.has(person.user_id)) return
    setPending((ids) => new Set(ids).add(person.user_id))
    try {
      await actions.addMember.mutateAsync({ list_id: list.list_id, user_id: person.user_id })
      setAdded((ids) => new Set(ids).add(person.user_id))
    } catch (error) {
      toast.error(messageOf(error))
    } finally {
      setPending((ids) => {
        const next = new Set(ids)
        next.delete(person.user_id)
        return next
      })
    }
  }

  const action: AddAction = (person) =>
    added.has(person.user_id) ? (
      <Button variant="ghost" size="md" icon={<Check />} disabled aria-label={`${displayName(person)} added`}>
        Added
      </Button>
    ) : (
      <Button
        variant="secondary"
        size="md"
        icon={<Plus />}
        loading={pending.has(person.user_id)}
        aria-label={`Add ${displayName(person)} to ${list.name}`}
        onClick={() => void add(person)}
      >
        Add
      </Button>
    )

  const onTabKey = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return
    const next = source === 'followers' ? 'following' : 'followers'
    setSource(next)
    document.getElementById(`${tabsId}-${next}`)?.focus()
  }

  return (
    <BottomSheet open={open} onClose={onClose} title={`Add people to “${list.name}”`}>
      <div className="v-tabs" role="tablist" aria-label="Pick from" onKeyDown={onTabKey}>
        {sources.map((tab) => (
          <button
            key={tab.id}
            id={`${tabsId}-${tab.id}`}
            type="button"
            role="tab"
            className="v-tabs__tab"
            aria-selected={source === tab.id}
            aria-controls={`${tabsId}-panel`}
            tabIndex={source === tab.id ? 0 : -1}
            onClick={() => setSource(tab.id)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div
        id={`${tabsId}-panel`}
        role="tabpanel"
        aria-labelledby={`${tabsId}-${source}`}
        className="v-add-people"
      >
        <SearchField
          label={`Search ${source === 'followers' ? 'followers' : 'following'}`}
          value={search.text}
          onChange={search.setText}
        />
        {source === 'followers' ? (
          <FromFollowers q={search.q} action={action} />
        ) : (
          <FromFollowing q={search.q} action={action} />
        )}
      </div>
    </BottomSheet>
  )
}
