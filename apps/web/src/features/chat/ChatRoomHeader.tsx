import type { Conversation } from '@velvet/contract'
import { Bell, BellOff } from 'lucide-react'
import { Link } from 'react-router'
import { Avatar } from '../../ui/Avatar.tsx'
import { ScreenBar } from '../../ui/ScreenBar.tsx'
import { profilePath } from '../profile/index.ts'
import { useMuteConversation } from './chat.queries.ts'

/** The chat room's bar: back, the other person (to their profile) and the mute switch. */
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
          <h1 className="v-chat-room__name">{name}</h1>
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
