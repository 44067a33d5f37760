import { ChatTexts, type Conversation, type ConversationFilter } from '@velvet/contract'
import { BellOff, Coins, MessageCircle, SearchX } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'
import { messageOf } from '../../lib/api/errors.ts'
import { Avatar } from '../../ui/Avatar.tsx'
import { Badge } from '../../ui/Badge.tsx'
import { EmptyState } from '../../ui/EmptyState.tsx'
import { LoadMore } from '../../ui/LoadMore.tsx'
import { PillTabs } from '../../ui/PillTabs.tsx'
import { ScreenBar } from '../../ui/ScreenBar.tsx'
import { PageLoader } from '../../ui/Spinner.tsx'
import { useSession } from '../auth/index.ts'
import { LoadError } from '../errors/index.ts'
import { PeopleSkeleton, SearchField, useSearch } from '../people/index.ts'
import { displayName } from '../profile/index.ts'
import { activeChatContact, GuestTabScreen } from '../shell/index.ts'
import { useConversations } from './chat.queries.ts'
import { FILTERS, messageTime, previewOf, secondsOf, storedFilter, storeFilter } from './chat-rules.ts'
import './chat.css'

export const MESSAGES_PATH = '/message'

/** The room of a conversation: /chatRoom?u1={me}&u2={them} (spec §2). */
export const roomPath = (me: number, them: number) => `/chatRoom?u1=${me}&u2=${them}`

function ConversationRow({ conversation, viewerId }: { conversation: Conversation; viewerId: number }) {
  const name = displayName(conversation.peer)
  const last = conversation.last_message
  const unread = conversation.unread > 0
  return (
    <li className={`v-conversation${unread ? ' v-conversation--unread' : ''}`}>
      <Link
        className="v-conversation__main"
        to={roomPath(viewerId, conversation.peer.user_id)}
        onClick={() => activeChatContact.set(conversation.peer.user_id)}
      >
        <Avatar src={conversation.peer.portrait} name={name} size="md" decorative />
        <span className="v-conversation__text">
          <span className="v-conversation__top">
            <span className="v-conversation__name">
              {name}
              {unread ? <span className="v-visually-hidden">, {conversation.unread} unread</span> : null}
            </span>
            {conversation.has_spent ? (
              <Coins className="v-conversation__spender" aria-label="Spender" role="img" />
            ) : null}
            {conversation.mute ? (
              <BellOff className="v-conversation__muted" aria-label="Muted" role="img" />
            ) : null}
            {last ? (
              <time
                className="v-conversation__time"
                dateTime={new Date(secondsOf(last.timetoken) * 1000).toISOString()}
              >
                {messageTime(secondsOf(last.timetoken), Date.now() / 1000)}
              </time>
            ) : null}
          </span>
          <span className="v-conversation__bottom">
            <span className="v-conversation__preview">{previewOf(conversation, viewerId)}</span>
            {unread ? <Badge count={conversation.unread} className="v-conversation__badge" /> : null}
          </span>
        </span>
      </Link>
    </li>
  )
}

function Conversations({ viewerId }: { viewerId: number }) {
  const [filter, setFilter] = useState<ConversationFilter>(storedFilter)
  const search = useSearch()
  const query = useConversations(filter, search.q)
  const rows = query.data?.pages.flatMap((page) => page.list) ?? []
  const choose = (next: ConversationFilter) => {
    setFilter(next)
    storeFilter(next)
  }

  let body: React.ReactNode
  if (query.isPending) body = <PeopleSkeleton />
  else if (query.isError && rows.length === 0)
    body = <LoadError error={query.error} onRetry={() => void query.refetch()} />
  else if (rows.length === 0)
    body = search.q ? (
      <EmptyState
        icon={<SearchX />}
        title={`No results for “${search.q}”`}
        text="Search by the start of a name."
      />
    ) : (
      <EmptyState
        icon={<MessageCircle />}
        title={filter === 'all' ? ChatTexts.emptyConversations : 'Nothing here'}
        text={filter === 'all' ? ChatTexts.emptyConversationsHint : 'No conversation matches this filter.'}
      />
    )
  else
    body = (
      <>
        <ul className="v-people" aria-label="Conversations" aria-busy={query.isFetching || undefined}>
          {rows.map((conversation) => (
            <ConversationRow
              key={conversation.conversation_id}
              conversation={conversation}
              viewerId={viewerId}
            />
          ))}
        </ul>
        <LoadMore pages={query} errorMessage={messageOf(query.error)} />
      </>
    )

  return (
    <div className="v-screen">
      <ScreenBar title="Messages" back={false} />
      <div className="v-screen__body">
        <SearchField label="Search conversations" value={search.text} onChange={search.setText} />
        <PillTabs label="Show" options={FILTERS} value={filter} onChange={choose} />
        {body}
      </div>
    </div>
  )
}

/** /message: conversations newest first, with filter tabs (kept for the session) and a name search. */
export function MessagesScreen() {
  const session = useSession()
  if (session.kind === 'account') return <Conversations viewerId={session.user.user_id} />
  if (session.kind === 'none') return <PageLoader />
  return (
    <GuestTabScreen
      title="Messages"
      icon={<MessageCircle />}
      heading="Your messages"
      text="Sign in to message creators and read their replies."
      path={MESSAGES_PATH}
    />
  )
}
