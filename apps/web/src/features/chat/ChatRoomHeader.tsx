import { ChatTexts, type Conversation, formatUsd } from '@velvet/contract'
import { Bell, BellOff, Crown } from 'lucide-react'
import { Link } from 'react-router'
import { Avatar } from '../../ui/Avatar.tsx'
import { ScreenBar } from '../../ui/ScreenBar.tsx'
import { profilePath } from '../profile/index.ts'
import { useMuteConversation } from './chat.queries.ts'

/** For a creator, the fan on the other side: "Member" while the fan has a live membership, and their spend. */
export function PeerFanMarks({ fan }: { fan: Conversation['peer_fan'] }) {
  if (!fan) return null
  return (
    <span className="v-chat-room__fan">
      {fan.is_member ? (
        <span className="v-chat-room__member">
          <Crown aria-hidden="true" />
          {ChatTexts.memberBadge}
        </span>
      ) : null}
      <span className="v-chat-room__spent">{ChatTexts.fanSpent(formatUsd(fan.spent_cents))}</span>
    </span>
  )
}

/**
 * The chat room's bar: back, the other person (to their profile; for a creator, with the fan's membership
 * and spend) and the mute switch.
 */
export function ChatRoomHeader({ conversation, name }: { conversation: Conversation; name: string }) {
  const mute = useMuteConversation(conversation)
  const muted = conversation.mute === 1
  return (
    <ScreenBar
      heading={false}
      fallback="/message"
      title={
        <Link
          className="v-chat-room__peer"
          to={conversation.peer.user_name ? profilePath(conversation.peer.user_name) : '/message'}
        >
          <Avatar src={conversation.peer.portrait} name={name} size="sm" decorative />
          <span className="v-chat-room__who">
            <h1 className="v-chat-room__name">{name}</h1>
            <PeerFanMarks fan={conversation.peer_fan} />
          </span>
        </Link>
      }
      end={
        <button
          type="button"
          className="v-icon-button"
          aria-label={muted ? 'Unmute conversation' : 'Mute conversation'}
          aria-pressed={muted}
          disabled={mute.isPending}
          onClick={() => mute.mutate(!muted)}
        >
          {muted ? <BellOff aria-hidden="true" /> : <Bell aria-hidden="true" />}
        </button>
      }
    />
  )
}
