import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type Conversation, chatMute } from '@velvet/contract'
import { Bell, BellOff } from 'lucide-react'
import { Link } from 'react-router'
import { messageOf } from '../../lib/api/errors.ts'
import { api } from '../../lib/api/index.ts'
import { Avatar } from '../../ui/Avatar.tsx'
import { toast } from '../../ui/toast-store.ts'
import { ScreenBar } from '../people/ScreenBar.tsx'
import { profilePath } from '../profile/profile-rules.ts'
import { systemKeys } from '../system/system.queries.ts'
import { chatKeys } from './chat-keys.ts'

/** The chat room's bar: back, the other person (to their profile) and the mute switch. */
export function ChatRoomHeader({ conversation, name }: { conversation: Conversation; name: string }) {
  const client = useQueryClient()
  const mute = useMutation({
    mutationFn: (next: boolean) =>
      api.call(chatMute, { conversation_id: conversation.conversation_id, mute: next }),
    onSuccess: (answer) => {
      client.setQueryData(chatKeys.open(conversation.peer.user_id), { conversation: answer.conversation })
      void client.invalidateQueries({ queryKey: systemKeys.initAll() })
      toast.success(answer.conversation.mute ? 'Conversation muted' : 'Conversation unmuted')
    },
    onError: (error) => toast.error(messageOf(error)),
  })
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
