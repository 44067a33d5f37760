import { House, UserPlus, Users } from 'lucide-react'
import { Link } from 'react-router'
import { buttonClassName } from '../../ui/Button.tsx'
import { ScreenBar } from '../../ui/ScreenBar.tsx'
import { AccountOnly, HOME_PATH } from '../auth/index.ts'
import { displayName, FollowButton, profilePath } from '../profile/index.ts'
import { type EmptyContent, PeopleList } from './PeopleList.tsx'
import { type PeoplePagesQuery, useFollowers, useFollowing } from './people.queries.ts'
import { SearchField, useSearch } from './SearchField.tsx'
import './people.css'

type Kind = 'followers' | 'following'

const texts: Record<Kind, { title: string; search: string; label: string; empty: EmptyContent }> = {
  followers: {
    title: 'Followers',
    search: 'Search followers',
    label: 'Your followers',
    empty: {
      icon: <Users />,
      title: 'No followers yet',
      text: 'When people follow you, they show up here, newest first. Only you can see this list.',
    },
  },
  following: {
    title: 'Following',
    search: 'Search the people you follow',
    label: 'People you follow',
    empty: {
      icon: <UserPlus />,
      title: "You aren't following anyone yet",
      text: 'Follow creators you like to see them here. Only you can see this list.',
      action: (
        <Link to={HOME_PATH} className={buttonClassName({ variant: 'secondary', size: 'md' })}>
          <span className="v-button__icon" aria-hidden="true">
            <House />
          </span>
          Go to home
        </Link>
      ),
    },
  },
}

function Connections({
  kind,
  meName,
  search,
  query,
}: {
  kind: Kind
  meName: string | null
  search: ReturnType<typeof useSearch>
  query: PeoplePagesQuery
}) {
  const text = texts[kind]
  return (
    <div className="v-screen">
      <ScreenBar title={text.title} fallback={meName ? profilePath(meName) : HOME_PATH} />
      <div className="v-screen__body">
        <SearchField label={text.search} value={search.text} onChange={search.setText} />
        <PeopleList
          query={query}
          label={text.label}
          empty={text.empty}
          searching={search.q}
          action={(person) => (
            <FollowButton
              userId={person.user_id}
              following={person.is_following}
              name={displayName(person)}
            />
          )}
        />
      </div>
    </div>
  )
}

function Followers({ meName }: { meName: string | null }) {
  const search = useSearch()
  const query = useFollowers(search.q)
  return <Connections kind="followers" meName={meName} search={search} query={query} />
}

function Following({ meName }: { meName: string | null }) {
  const search = useSearch()
  const query = useFollowing(search.q)
  return <Connections kind="following" meName={meName} search={search} query={query} />
}

/** /user/followers: the viewer's followers (private to them), searchable, with follow back. */
export function FollowersScreen() {
  return <AccountOnly>{(user) => <Followers meName={user.user_name} />}</AccountOnly>
}

/** /user/following: the accounts the viewer follows, searchable, with unfollow. */
export function FollowingScreen() {
  return <AccountOnly>{(user) => <Following meName={user.user_name} />}</AccountOnly>
}
