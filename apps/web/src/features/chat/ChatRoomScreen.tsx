import { useQueryClient } from '@tanstack/react-query'
import {
  type ChatMessage,
  ChatTexts,
  type Conversation,
  EmailTexts,
  readEmailLink,
  UserRole,
} from '@velvet/contract'
import { MessageCircle } from 'lucide-react'
import { useEffect, useMemo, useRef, useState } from 'react'
import { useSearchParams } from 'react-router'
import { isApiError, messageOf } from '../../lib/api/errors.ts'
import { EmptyState } from '../../ui/EmptyState.tsx'
import { LoadMore } from '../../ui/LoadMore.tsx'
import { ScreenBar } from '../../ui/ScreenBar.tsx'
import { PageLoader } from '../../ui/Spinner.tsx'
import { toast } from '../../ui/toast-store.ts'
import { AccountOnly } from '../auth/index.ts'
import { ErrorPage, LoadError } from '../errors/index.ts'
import { useBuyCoinsFallback } from '../payments/index.ts'
import { displayName } from '../profile/index.ts'
import { activeChatContact } from '../shell/index.ts'
import { type GiftSender, GiftSheet, UnlockSheet } from '../wallet/index.ts'
import { ChatComposer } from './ChatComposer.tsx'
import { ChatRoomHeader } from './ChatRoomHeader.tsx'
import { markRead, useChatTip, useConversationWith, useMessages, useUnlockMessage } from './chat.queries.ts'
import { activeConversation } from './chat.realtime.ts'
import { chatKeys } from './chat-keys.ts'
import { chronological, newClientMsgId, seenMessageId } from './chat-rules.ts'
import { MessageBubble } from './MessageBubble.tsx'
import { PendingBubble } from './PendingBubble.tsx'
import { TipSheet } from './TipSheet.tsx'
import { useTyping } from './typing-store.ts'
import { unsent, useChatSend } from './use-chat-send.ts'
import './chat.css'

/**
 * One open conversation: the message log (earlier pages on demand, read marks, the newest in view), the
 * header with mute, the composer, and the sheets to unlock a paid message, tip or send a gift.
 */
function Room({
  viewerId,
  viewerIsCreator,
  conversation,
}: {
  viewerId: number
  viewerIsCreator: boolean
  conversation: Conversation
}) {
  const client = useQueryClient()
  const id = conversation.conversation_id
  const messages = useMessages(id)
  const list = useMemo(() => chronological(messages.data), [messages.data])
  const bottom = useRef<HTMLDivElement>(null)
  const name = displayName(conversation.peer)
  const peerId = conversation.peer.user_id
  const [unlocking, setUnlocking] = useState<ChatMessage | null>(null)
  const [sheet, setSheet] = useState<'tip' | 'gift' | null>(null)
  const coinsSheet = useBuyCoinsFallback({ returnTo: `/chatRoom?u1=${viewerId}&u2=${peerId}` })
  const { pending, queue, retry, discard } = useChatSend({ viewerId, conversation, buyCoins: coinsSheet.buy })
  const unlock = useUnlockMessage(id, peerId)
  const chatTip = useChatTip(id, peerId)
  const [giftClientId, setGiftClientId] = useState(newClientMsgId)
  const refetchMessages = () => void client.invalidateQueries({ queryKey: chatKeys.messages(id) })
  const canTip = conversation.peer.is_creator && !viewerIsCreator
  const peerTyping = useTyping(id, peerId)

  // spec §2: the room is the active contact while it is open.
  useEffect(() => {
    activeChatContact.set(peerId)
    activeConversation.set(id)
    return () => {
      activeChatContact.set(null)
      activeConversation.set(null)
    }
  }, [peerId, id])

  // Read up to the newest message from the other side; the tab badges follow.
  const newestFromPeer =
    [...list].reverse().find((message) => message.sender.id !== viewerId)?.message_id ?? 0
  useEffect(() => {
    if (newestFromPeer === 0) return
    markRead(client, id, newestFromPeer)
  }, [id, newestFromPeer, client])

  // The newest message in view whenever one arrives or is sent.
  const lastId = list.at(-1)?.message_id ?? 0
  const [atNewest, setAtNewest] = useState(false)
  useEffect(() => {
    if (!lastId && !pending.length) return
    bottom.current?.scrollIntoView({ block: 'end' })
    setAtNewest(true)
  }, [lastId, pending.length])

  const giftSender: GiftSender = {
    send: (gift, message, done) =>
      chatTip.mutate(
        { coins: null, giftId: gift.id, text: message, clientMsgId: giftClientId },
        {
          onSuccess: () => {
            setGiftClientId(newClientMsgId())
            done()
          },
        },
      ),
    pending: chatTip.isPending,
    error: chatTip.error,
    reset: () => chatTip.reset(),
  }

  const seenId = seenMessageId(list, viewerId, conversation.peer_read_id)
  return (
    <div className="v-chat-room">
      <ChatRoomHeader conversation={conversation} name={name} />
      <div className="v-chat-room__log">
        {/* Earlier pages load as the top comes into view (after the first scroll to the newest message). */}
        {atNewest ? (
          <LoadMore
            pages={messages}
            errorMessage={messageOf(messages.error)}
            moreLabel="Show earlier messages"
            loadingLabel="Loading earlier messages"
          />
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
            <MessageBubble
              key={message.message_id}
              message={message}
              mine={message.sender.id === viewerId}
              seen={message.message_id === seenId}
              onUnlock={setUnlocking}
              onExpired={refetchMessages}
            />
          ))}
          {unsent(pending, list).map((item) => (
            <PendingBubble key={item.clientId} item={item} onRetry={retry} onDiscard={discard} />
          ))}
        </ol>
        <p className="v-chat-typing" aria-live="polite">
          {peerTyping ? ChatTexts.typing(name) : ''}
        </p>
      </div>
      <ChatComposer
        viewerId={viewerId}
        viewerIsCreator={viewerIsCreator}
        conversation={conversation}
        name={name}
        canTip={canTip}
        onTip={() => setSheet('tip')}
        onGift={() => setSheet('gift')}
        onSend={queue}
      />
      {/* Scrolled into view for the newest message: below the (sticky) composer, so nothing hides under it. */}
      <div ref={bottom} />
      {unlocking && unlocking.price !== null ? (
        <UnlockSheet
          open
          noun="message"
          title={ChatTexts.unlockTitle}
          price={unlocking.price}
          what={
            <>
              A message from <strong>{name}</strong>
            </>
          }
          returnTo={`/chatRoom?u1=${viewerId}&u2=${peerId}`}
          onClose={() => setUnlocking(null)}
          action={{
            run: (coins, done) =>
              unlock.mutate(
                { messageId: unlocking.message_id, price: coins },
                {
                  onSuccess: done,
                  onError: (error) => {
                    if (isApiError(error) && (error.code === 5011 || error.code === 6006)) refetchMessages()
                  },
                },
              ),
            pending: unlock.isPending,
            error: unlock.error,
            triedPrice: unlock.variables?.price,
            reset: () => unlock.reset(),
          }}
        />
      ) : null}
      {canTip ? (
        <>
          <TipSheet
            open={sheet === 'tip'}
            onClose={() => setSheet(null)}
            name={name}
            conversationId={id}
            peerId={peerId}
          />
          {sheet === 'gift' ? (
            <GiftSheet
              open
              onClose={() => setSheet(null)}
              creator={conversation.peer}
              via={giftSender}
              onSent={(gift) => {
                toast.success(`You sent ${name} a ${gift.name}.`)
                setSheet(null)
              }}
            />
          ) : null}
        </>
      ) : null}
      {coinsSheet.sheet}
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

function RoomLoader({ viewerId, viewerIsCreator }: { viewerId: number; viewerIsCreator: boolean }) {
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
  return <Room viewerId={viewerId} viewerIsCreator={viewerIsCreator} conversation={open.data.conversation} />
}

/** /chatRoom?u1=&u2=: one conversation, oldest first with earlier pages on demand, and the composer. */
export function ChatRoomScreen() {
  return (
    <AccountOnly>
      {(user) => <RoomLoader viewerId={user.user_id} viewerIsCreator={user.user_role === UserRole.Creator} />}
    </AccountOnly>
  )
}
