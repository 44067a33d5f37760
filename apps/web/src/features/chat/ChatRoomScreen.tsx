import { useMutation, useQueryClient } from '@tanstack/react-query'
import {
  type ChatMessage,
  ChatRules,
  ChatTexts,
  type Conversation,
  chatMute,
  chatRead,
  chatSend,
  EmailTexts,
  readEmailLink,
} from '@velvet/contract'
import { Bell, BellOff, MessageCircle, SendHorizontal } from 'lucide-react'
import { type FormEvent, type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { isApiError, messageOf } from '../../lib/api/errors.ts'
import { api } from '../../lib/api/index.ts'
import { Avatar } from '../../ui/Avatar.tsx'
import { Button } from '../../ui/Button.tsx'
import { EmptyState } from '../../ui/EmptyState.tsx'
import { PageLoader } from '../../ui/Spinner.tsx'
import { toast } from '../../ui/toast-store.ts'
import { ErrorPage } from '../errors/ErrorPage.tsx'
import { LoadError } from '../errors/LoadError.tsx'
import { AccountOnly } from '../people/AccountOnly.tsx'
import { ScreenBar } from '../people/ScreenBar.tsx'
import { displayName, profilePath } from '../profile/profile-rules.ts'
import { activeChatContact } from '../shell/active-contact.ts'
import { systemKeys } from '../system/system.queries.ts'
import { useConversationWith, useMessages } from './chat.queries.ts'
import { chatKeys } from './chat-keys.ts'
import { chronological, messageTime, newClientMsgId, secondsOf, seenMessageId } from './chat-rules.ts'
import { failedMessages } from './failed-messages.ts'
import './chat.css'

interface Pending {
  clientId: string
  text: string
  failed: boolean
  /** When it was first sent (microseconds, the failed-message store's timetoken). */
  timetoken: number
}

function Bubble({ message, mine, seen }: { message: ChatMessage; mine: boolean; seen: boolean }) {
  const seconds = secondsOf(message.timetoken)
  return (
    <li className={`v-chat-bubble-row${mine ? ' v-chat-bubble-row--mine' : ''}`}>
      <div className="v-chat-bubble">
        <p className="v-chat-bubble__text">{message.text}</p>
        <time className="v-chat-bubble__time" dateTime={new Date(seconds * 1000).toISOString()}>
          {messageTime(seconds, Date.now() / 1000)}
        </time>
      </div>
      {seen ? <span className="v-chat-bubble__seen">{ChatTexts.seen}</span> : null}
    </li>
  )
}

function Room({ viewerId, conversation }: { viewerId: number; conversation: Conversation }) {
  const client = useQueryClient()
  const id = conversation.conversation_id
  const messages = useMessages(id)
  const list = useMemo(() => chronological(messages.data), [messages.data])
  const [pending, setPending] = useState<Pending[]>([])
  const [text, setText] = useState('')
  const bottom = useRef<HTMLDivElement>(null)
  const name = displayName(conversation.peer)
  const peerId = conversation.peer.user_id

  // Messages that failed to send before (this tab or an earlier one) come back as failed.
  useEffect(() => {
    let current = true
    void failedMessages.list(viewerId, id).then((saved) => {
      if (!current || saved.length === 0) return
      setPending((all) => [
        ...saved
          .filter((item) => !all.some((p) => p.clientId === item.id))
          .map((item) => ({ clientId: item.id, text: item.text, failed: true, timetoken: item.timetoken })),
        ...all,
      ])
    })
    return () => {
      current = false
    }
  }, [viewerId, id])

  // spec §2: the room is the active contact while it is open.
  useEffect(() => {
    activeChatContact.set(peerId)
    return () => activeChatContact.set(null)
  }, [peerId])

  // Read up to the newest message from the other side; the tab badges follow.
  const newestFromPeer =
    [...list].reverse().find((message) => message.sender.id !== viewerId)?.message_id ?? 0
  useEffect(() => {
    if (newestFromPeer === 0) return
    void api.call(chatRead, { conversation_id: id, message_id: newestFromPeer }).then(() => {
      void client.invalidateQueries({ queryKey: systemKeys.initAll() })
      void client.invalidateQueries({ queryKey: chatKeys.conversationsAll() })
    })
  }, [id, newestFromPeer, client])

  // The newest message in view whenever one arrives or is sent.
  const lastId = list.at(-1)?.message_id ?? 0
  useEffect(() => {
    if (lastId || pending.length) bottom.current?.scrollIntoView({ block: 'end' })
  }, [lastId, pending.length])

  const send = useMutation({
    // Offline, a send fails at once and is kept as failed (IndexedDB) rather than paused in memory.
    networkMode: 'always',
    mutationFn: (item: Pending) =>
      api.call(chatSend, { conversation_id: id, client_msg_id: item.clientId, text: item.text }),
    onSuccess: async (_answer, item) => {
      await client.invalidateQueries({ queryKey: chatKeys.messages(id) })
      setPending((all) => all.filter((p) => p.clientId !== item.clientId))
      void failedMessages.remove(item.clientId)
      void client.invalidateQueries({ queryKey: chatKeys.conversationsAll() })
    },
    onError: (error, item) => {
      setPending((all) => all.map((p) => (p.clientId === item.clientId ? { ...p, failed: true } : p)))
      void failedMessages.save({
        id: item.clientId,
        userId: viewerId,
        conversation_id: id,
        timetoken: item.timetoken,
        text: item.text,
      })
      if (isApiError(error) && error.status > 0 && error.status < 500) toast.error(messageOf(error))
    },
  })
  const mute = useMutation({
    mutationFn: (next: boolean) => api.call(chatMute, { conversation_id: id, mute: next }),
    onSuccess: (answer) => {
      client.setQueryData(chatKeys.open(peerId), { conversation: answer.conversation })
      void client.invalidateQueries({ queryKey: systemKeys.initAll() })
      toast.success(answer.conversation.mute ? 'Conversation muted' : 'Conversation unmuted')
    },
    onError: (error) => toast.error(messageOf(error)),
  })

  const submit = (event?: FormEvent) => {
    event?.preventDefault()
    const body = text.trim()
    if (!body) return
    const item = { clientId: newClientMsgId(), text: body, failed: false, timetoken: Date.now() * 1000 }
    setPending((all) => [...all, item])
    setText('')
    send.mutate(item)
  }
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) submit(event)
  }
  const retry = (item: Pending) => {
    setPending((all) => all.map((p) => (p.clientId === item.clientId ? { ...p, failed: false } : p)))
    send.mutate({ ...item, failed: false })
  }
  const discard = (item: Pending) => {
    setPending((all) => all.filter((p) => p.clientId !== item.clientId))
    void failedMessages.remove(item.clientId)
  }

  const seenId = seenMessageId(list, viewerId, conversation.peer_read_id)
  const muted = conversation.mute === 1
  return (
    <div className="v-chat-room">
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
      <div className="v-chat-room__log">
        {messages.hasNextPage ? (
          <Button
            variant="ghost"
            size="md"
            loading={messages.isFetchingNextPage}
            onClick={() => void messages.fetchNextPage()}
          >
            Show earlier messages
          </Button>
        ) : null}
        {messages.isPending ? <PageLoader /> : null}
        {messages.isError && list.length === 0 ? (
          <LoadError error={messages.error} onRetry={() => void messages.refetch()} />
        ) : null}
        {!messages.isPending && list.length === 0 && pending.length === 0 ? (
          <EmptyState icon={<MessageCircle />} title={`Message ${name}`} text={ChatTexts.startHint} />
        ) : null}
        <ol className="v-chat-bubbles" aria-label={`Messages with ${name}`}>
          {list.map((message) => (
            <Bubble
              key={message.message_id}
              message={message}
              mine={message.sender.id === viewerId}
              seen={message.message_id === seenId}
            />
          ))}
          {pending
            // A send whose answer was lost may be stored after all: the stored message stands for it.
            .filter((item) => !list.some((message) => message.client_msg_id === item.clientId))
            .map((item) => (
              <li
                key={item.clientId}
                className="v-chat-bubble-row v-chat-bubble-row--mine v-chat-bubble-row--pending"
              >
                <div className="v-chat-bubble">
                  <p className="v-chat-bubble__text">{item.text}</p>
                </div>
                {item.failed ? (
                  <span className="v-chat-bubble__failed">
                    <button type="button" className="v-chat-bubble__retry" onClick={() => retry(item)}>
                      {ChatTexts.sendFailed}
                    </button>
                    <button
                      type="button"
                      className="v-chat-bubble__discard"
                      aria-label={`Delete the unsent message “${item.text.slice(0, 40)}”`}
                      onClick={() => discard(item)}
                    >
                      Delete
                    </button>
                  </span>
                ) : (
                  <span className="v-chat-bubble__seen">Sending…</span>
                )}
              </li>
            ))}
        </ol>
        <div ref={bottom} />
      </div>
      <form className="v-composer" onSubmit={submit}>
        <textarea
          className="v-composer__input"
          aria-label={ChatTexts.composerPlaceholder}
          placeholder={ChatTexts.composerPlaceholder}
          value={text}
          maxLength={ChatRules.textMax}
          rows={1}
          enterKeyHint="send"
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <button type="submit" className="v-composer__send" aria-label="Send" disabled={!text.trim()}>
          <SendHorizontal aria-hidden="true" />
        </button>
      </form>
    </div>
  )
}

/** The other person of /chatRoom?u1=&u2= for the signed-in user (either order). */
export function peerOf(search: URLSearchParams, viewerId: number): number | null {
  const u1 = Number(search.get('u1'))
  const u2 = Number(search.get('u2'))
  const other = u1 === viewerId ? u2 : u2 === viewerId ? u1 : (activeChatContact.get() ?? u2)
  return Number.isSafeInteger(other) && other > 0 && other !== viewerId ? other : null
}

function RoomLoader({ viewerId }: { viewerId: number }) {
  const [search] = useSearchParams()
  // spec §5: an e-mail link for another account gets the 102 page here (elsewhere a dialog).
  const mismatch = readEmailLink(search.toString(), viewerId)?.mismatch === true
  const peerId = mismatch ? null : peerOf(search, viewerId)
  const open = useConversationWith(peerId)
  if (mismatch) return <ErrorPage status={102} title={EmailTexts.mismatch} />
  if (peerId === null || (open.isError && isApiError(open.error) && open.error.status < 500)) {
    return (
      <div className="v-chat-room">
        <ScreenBar title="Chat" fallback="/message" />
        <EmptyState
          icon={<MessageCircle />}
          title="You can't message this account"
          text={open.error ? messageOf(open.error) : 'This conversation is not available.'}
        />
      </div>
    )
  }
  if (open.isError) return <LoadError error={open.error} onRetry={() => void open.refetch()} />
  if (!open.data) return <PageLoader />
  return <Room viewerId={viewerId} conversation={open.data.conversation} />
}

/** /chatRoom?u1=&u2=: one conversation, oldest first with earlier pages on demand, and the composer. */
export function ChatRoomScreen() {
  return <AccountOnly>{(user) => <RoomLoader viewerId={user.user_id} />}</AccountOnly>
}
