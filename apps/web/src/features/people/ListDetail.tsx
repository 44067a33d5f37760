import { ErrorCodes, type UserList } from '@velvet/contract'
import { ListX, MoreHorizontal, UserMinus, UserPlus, Users } from 'lucide-react'
import { useCallback, useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { isApiError, messageOf } from '../../lib/api/errors.ts'
import { Button, buttonClassName } from '../../ui/Button.tsx'
import { EmptyState } from '../../ui/EmptyState.tsx'
import { ScreenBar } from '../../ui/ScreenBar.tsx'
import { toast } from '../../ui/toast-store.ts'
import { abbreviate } from '../notifications/index.ts'
import { displayName } from '../profile/index.ts'
import { AddPeopleSheet } from './AddPeopleSheet.tsx'
import { ListMenu } from './ListMenu.tsx'
import { ListNameSheet } from './ListNameSheet.tsx'
import { useListActions } from './lists.ts'
import { LISTS_PATH, memberCountLabel } from './lists-rules.ts'
import { PeopleList } from './PeopleList.tsx'
import { useListMembers, useUserLists } from './people.queries.ts'
import { SearchField, useSearch } from './SearchField.tsx'
import './lists.css'

function MissingList() {
  return (
    <div className="v-screen">
      <ScreenBar title="List" fallback={LISTS_PATH} />
      <div className="v-screen__body">
        <EmptyState
          icon={<ListX />}
          title="This list doesn't exist"
          text="It may have been deleted."
          action={
            <Link to={LISTS_PATH} replace className={buttonClassName({ variant: 'secondary', size: 'md' })}>
              See your lists
            </Link>
          }
        />
      </div>
    </div>
  )
}

/** One list (/user/list?list_id=): its members with search and Remove, "Add people", rename and delete. */
export function ListDetail({ listId }: { listId: number }) {
  const lists = useUserLists()
  const search = useSearch()
  const members = useListMembers(listId, search.q)
  const actions = useListActions()
  const navigate = useNavigate()
  const [menuOpen, setMenuOpen] = useState(false)
  const [renaming, setRenaming] = useState(false)
  const [adding, setAdding] = useState(false)
  const [removing, setRemoving] = useState<number | null>(null)
  // Stable close handlers: a sheet's focus trap restarts when its handler changes.
  const closeMenu = useCallback(() => setMenuOpen(false), [])
  const closeRename = useCallback(() => setRenaming(false), [])
  const closeAdd = useCallback(() => setAdding(false), [])
  const list: UserList | null = lists.data?.lists.find((item) => item.list_id === listId) ?? null

  const missing =
    (lists.isSuccess && !list) ||
    (isApiError(members.error) && members.error.code === ErrorCodes.NotFound.code)
  if (missing) return <MissingList />

  const remove = async (userId: number, name: string) => {
    if (!list) return
    setRemoving(userId)
    try {
      await actions.removeMember.mutateAsync({ list_id: list.list_id, user_id: userId })
      toast.success(`${name} removed from “${list.name}”`)
    } catch (error) {
      toast.error(messageOf(error))
    } finally {
      setRemoving(null)
    }
  }

  const addButton = (
    <Button size="md" icon={<UserPlus />} disabled={!list} onClick={() => setAdding(true)}>
      Add people
    </Button>
  )

  return (
    <div className="v-screen">
      <ScreenBar
        title={list?.name ?? 'List'}
        fallback={LISTS_PATH}
        end={
          <button
            type="button"
            className="v-icon-button"
            aria-label="List options"
            disabled={!list}
            onClick={() => setMenuOpen(true)}
          >
            <MoreHorizontal aria-hidden="true" />
          </button>
        }
      />
      <div className="v-screen__body">
        <div className="v-list-head">
          <p className="v-list-head__count">
            {list ? (
              memberCountLabel(list.member_count, abbreviate)
            ) : (
              <span className="v-skel v-skel--line" />
            )}
          </p>
          {addButton}
        </div>
        <SearchField label="Search this list" value={search.text} onChange={search.setText} />
        <PeopleList
          query={members}
          label={list ? `People in ${list.name}` : 'People in this list'}
          searching={search.q}
          empty={{
            icon: <Users />,
            title: 'No one here yet',
            text: 'Add people from your followers or the accounts you follow.',
          }}
          action={(person) => (
            <Button
              variant="ghost"
              size="md"
              icon={<UserMinus />}
              loading={removing === person.user_id}
              aria-label={`Remove ${displayName(person)} from the list`}
              onClick={() => void remove(person.user_id, displayName(person))}
            >
              Remove
            </Button>
          )}
        />
      </div>
      <ListMenu
        list={list}
        open={menuOpen}
        onClose={closeMenu}
        onRename={() => setRenaming(true)}
        onDeleted={() => void navigate(LISTS_PATH, { replace: true })}
      />
      <ListNameSheet open={renaming} onClose={closeRename} list={list} />
      {list ? <AddPeopleSheet open={adding} onClose={closeAdd} list={list} /> : null}
    </div>
  )
}
