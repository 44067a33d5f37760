import { useQueryClient } from '@tanstack/react-query'
import type { CallData, SuggestedCreator, suggestedCreators } from '@velvet/contract'
import { Link } from 'react-router'
import { feedKeys } from '../../lib/query-keys.ts'
import { Avatar } from '../../ui/Avatar.tsx'
import { abbreviate } from '../notifications/index.ts'
import { PersonRow } from '../people/index.ts'
import { countLabel, displayName, FollowButton, profilePath, VerifiedMark } from '../profile/index.ts'

type Suggestions = CallData<typeof suggestedCreators>

/** Marks a suggested creator followed (or not) in the cached strip, so the button stays right. */
function useFollowChange(viewerId: number, onFollowed: () => void) {
  const client = useQueryClient()
  return (userId: number) => (following: boolean) => {
    client.setQueryData<Suggestions>(feedKeys.suggested(viewerId), (data) =>
      data
        ? {
            list: data.list.map((creator) =>
              creator.user_id === userId ? { ...creator, is_following: following } : creator,
            ),
          }
        : data,
    )
    if (following) onFollowed()
  }
}

/** The suggestions, whose viewer's follow changes are kept in the cache (`onFollowed` after a follow). */
interface SuggestionsProps {
  list: SuggestedCreator[]
  viewerId: number
  onFollowed: () => void
}

function postsLine(creator: SuggestedCreator): string {
  return countLabel(creator.posts, 'post', 'posts', abbreviate)
}

/** The "Suggested creators" strip of the phone feed: cards that scroll sideways. */
export function SuggestedStrip({ list, viewerId, onFollowed }: SuggestionsProps) {
  const changed = useFollowChange(viewerId, onFollowed)
  return (
    <ul className="v-suggest-strip">
      {list.map((creator) => {
        const name = displayName(creator)
        const path = creator.user_name ? profilePath(creator.user_name) : null
        const who = (
          <>
            <Avatar src={creator.portrait} name={name} size="lg" decorative />
            <span className="v-suggest-card__name">
              <span className="v-suggest-card__nickname">{name}</span>
              {creator.verified ? <VerifiedMark /> : null}
            </span>
            <span className="v-suggest-card__meta">{postsLine(creator)}</span>
          </>
        )
        return (
          <li key={creator.user_id} className="v-suggest-card">
            {path ? (
              <Link to={path} className="v-suggest-card__who">
                {who}
              </Link>
            ) : (
              <span className="v-suggest-card__who">{who}</span>
            )}
            <FollowButton
              userId={creator.user_id}
              following={creator.is_following}
              name={name}
              block
              onChange={changed(creator.user_id)}
            />
          </li>
        )
      })}
    </ul>
  )
}

/** The same suggestions as rows: the desktop side panel and the empty feed. */
export function SuggestedList({ list, viewerId, onFollowed }: SuggestionsProps) {
  const changed = useFollowChange(viewerId, onFollowed)
  return (
    <ul className="v-people v-suggest-list">
      {list.map((creator) => (
        <PersonRow
          key={creator.user_id}
          person={creator}
          action={
            <FollowButton
              userId={creator.user_id}
              following={creator.is_following}
              name={displayName(creator)}
              onChange={changed(creator.user_id)}
            />
          }
        />
      ))}
    </ul>
  )
}
