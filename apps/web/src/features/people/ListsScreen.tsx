import { Social, type UserList } from '@velvet/contract'
import { ChevronRight, ListPlus, MoreHorizontal, Plus, UsersRound } from 'lucide-react'
import { useCallback, useState } from 'react'
import { Link, useLocation, useNavigate } from 'react-router'
import { Button } from '../../ui/Button.tsx'
import { EmptyState } from '../../ui/EmptyState.tsx'
import { ScreenBar } from '../../ui/ScreenBar.tsx'
import { AccountOnly, HOME_PATH } from '../auth/index.ts'
import { LoadError } from '../errors/index.ts'
import { abbreviate } from '../notifications/index.ts'
import { profilePath } from '../profile/index.ts'
import { ListDetail } from './ListDetail.tsx'
import { ListMenu } from './ListMenu.tsx'
import { ListNameSheet } from './ListNameSheet.tsx'
import { canCreateList, listIdFrom, listPath, memberCountLabel } from './lists-rules.ts'
import { useUserLists } from './people.queries.ts'
import './people.css'
import './lists.css'
import '../../ui/Skeleton.css'

function ListRow({ list, onMenu }: { list: UserList; onMenu: () => void }) {
  return (
    <li className="v-list-row">
      <Link to={listPath(list.list_id)} className="v-list-row__main">
        <span className="v-list-row__icon" aria-hidden="true">
          <UsersRound />
        </span>
        <span className="v-list-row__text">
          <span className="v-list-row__name">{list.name}</span>
          <span className="v-list-row__count">{memberCountLabel(list.member_count, abbreviate)}</span>
        </span>
        <ChevronRight className="v-list-row__chevron" aria-hidden="true" />
      </Link>
      <button
        type="button"
        className="v-icon-button v-icon-button--muted"
        aria-label={`Options for ${list.name}`}
        onClick={onMenu}
      >
        <MoreHorizontal aria-hidden="true" />
      </button>
    </li>
  )
}

function ListsOverview({ meName }: { meName: string | null }) {
  const query = useUserLists()
  const navigate = useNavigate()
  const [creating, setCreating] = useState(false)
  const [menuFor, setMenuFor] = useState<UserList | null>(null)
  const [renaming, setRenaming] = useState<UserList | null>(null)
  // Stable close handlers: a sheet's focus trap restarts when its handler changes.
  const closeCreate = useCallback(() => setCreating(false), [])
  const closeRename = useCallback(() => setRenaming(null), [])
  const closeMenu = useCallback(() => setMenuFor(null), [])
  const lists = query.data?.lists ?? []
  const canCreate = canCreateList(lists)

  let content = null
  if (query.isPending) {
    content = (
      <ul className="v-lists" aria-hidden="true">
        {[0, 1, 2].map((i) => (
          <li key={i} className="v-list-row v-list-row--skeleton">
            <span className="v-skel v-skel--tile" />
            <span className="v-list-row__text">
              <span className="v-skel v-skel--line" />
              <span className="v-skel v-skel--line v-skel--thin" />
            </span>
          </li>
        ))}
      </ul>
    )
  } else if (query.isError) {
    content = <LoadError error={query.error} onRetry={() => void query.refetch()} />
  } else if (lists.length === 0) {
    content = (
      <EmptyState
        icon={<ListPlus />}
        title="No lists yet"
        text="Make lists to keep people together, like your VIP fans or close friends. Only you can see them."
        action={
          <Button size="md" icon={<Plus />} onClick={() => setCreating(true)}>
            Create a list
          </Button>
        }
      />
    )
  } else {
    content = (
      <ul className="v-lists" aria-label="Your lists">
        {lists.map((list) => (
          <ListRow key={list.list_id} list={list} onMenu={() => setMenuFor(list)} />
        ))}
      </ul>
    )
  }

  return (
    <div className="v-screen">
      <ScreenBar
        title="Lists"
        fallback={meName ? profilePath(meName) : HOME_PATH}
        end={
          <button
            type="button"
            className="v-icon-button"
            aria-label="New list"
            disabled={!canCreate || query.isPending}
            onClick={() => setCreating(true)}
          >
            <Plus aria-hidden="true" />
          </button>
        }
      />
      <div className="v-screen__body">
        {lists.length > 0 ? (
          <p className="v-screen__intro">Only you can see your lists and who is in them.</p>
        ) : null}
        {content}
        {canCreate ? null : (
          <p className="v-screen__note">
            You have {Social.listsPerUser} lists, the most you can have. Delete one to make another.
          </p>
        )}
      </div>
      <ListNameSheet
        open={creating}
        onClose={closeCreate}
        onCreated={(list) => void navigate(listPath(list.list_id))}
      />
      <ListNameSheet open={renaming !== null} onClose={closeRename} list={renaming} />
      <ListMenu
        list={menuFor}
        open={menuFor !== null}
        onClose={closeMenu}
        onRename={() => setRenaming(menuFor)}
      />
    </div>
  )
}

/** /user/list: the viewer's lists (create, rename, delete); ?list_id= opens one list's members. */
export function ListsScreen() {
  const { search } = useLocation()
  const listId = listIdFrom(search)
  return (
    <AccountOnly>
      {(user) =>
        listId === null ? (
          <ListsOverview meName={user.user_name} />
        ) : (
          <ListDetail key={listId} listId={listId} />
        )
      }
    </AccountOnly>
  )
}
