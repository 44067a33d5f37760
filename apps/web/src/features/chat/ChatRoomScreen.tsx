import { useMutation, useQueryClient } from '@tanstack/react-query'
import {
  type ChatMessage,
  ChatRules,
  ChatTexts,
  type Conversation,
  chatMute,
  chatRead,
  chatSend,
  chatTyping,
  coinsNeededOf,
  EmailTexts,
  formatCoins,
  readEmailLink,
  UserRole,
} from '@velvet/contract'
import { Bell, BellOff, Gift, HandCoins, ImagePlus, MessageCircle, SendHorizontal } from 'lucide-react'
import { type FormEvent, type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { isApiError, messageOf } from '../../lib/api/errors.ts'
import { api } from '../../lib/api/index.ts'
import { Avatar } from '../../ui/Avatar.tsx'
import { EmptyState } from '../../ui/EmptyState.tsx'
import { LoadMore } from '../../ui/LoadMore.tsx'
import { PageLoader } from '../../ui/Spinner.tsx'
import { toast } from '../../ui/toast-store.ts'
import { ErrorPage } from '../errors/ErrorPage.tsx'
import { LoadError } from '../errors/LoadError.tsx'
import { useBuyCoinsFallback } from '../payments/use-buy-coins-fallback.tsx'
import { AccountOnly } from '../people/AccountOnly.tsx'
import { ScreenBar } from '../people/ScreenBar.tsx'
import { displayName, profilePath } from '../profile/profile-rules.ts'
import { activeChatContact } from '../shell/active-contact.ts'
import { systemKeys } from '../system/system.queries.ts'
import { type GiftSender, GiftSheet } from '../wallet/GiftSheet.tsx'
import { UnlockSheet } from '../wallet/UnlockSheet.tsx'
import { walletKeys } from '../wallet/wallet.queries.ts'
import { AttachmentStrip, useAttachments } from './ChatAttachments.tsx'
import { useChatTip, useConversationWith, useMessages, useUnlockMessage } from './chat.queries.ts'
import { activeConversation } from './chat.realtime.ts'
import { chatKeys } from './chat-keys.ts'
import { chronological, newClientMsgId, ppvPriceOf, seenMessageId } from './chat-rules.ts'
import { failedMessages } from './failed-messages.ts'
import { MessageBubble } from './MessageBubble.tsx'
import { TipSheet } from './TipSheet.tsx'
import { typingThrottle, useTyping } from './typing-store.ts'
import './chat.css'

interface Pending {
  clientId: string
  text: string
  failed: boolean
  /** When it was first sent (microseconds, the failed-message store's timetoken). */
  timetoken: number
  /** Photos and videos (media ids, uploaded before the send) and a PPV price. */
  media: number[]
  price: number | null
}

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
  const [pending, setPending] = useState<Pending[]>([])
  const [text, setText] = useState('')
  const bottom = useRef<HTMLDivElement>(null)
  const mediaInput = useRef<HTMLInputElement>(null)
  const name = displayName(conversation.peer)
  const peerId = conversation.peer.user_id
  const attachments = useAttachments(viewerId)
  const [ppv, setPpv] = useState(false)
  const [price, setPrice] = useState('')
  const [unlocking, setUnlocking] = useState<ChatMessage | null>(null)
  const [sheet, setSheet] = useState<'tip' | 'gift' | null>(null)
  const coinsSheet = useBuyCoinsFallback({ returnTo: `/chatRoom?u1=${viewerId}&u2=${peerId}` })
  const unlock = useUnlockMessage(id, peerId)
  const chatTip = useChatTip(id, peerId)
  const [giftClientId, setGiftClientId] = useState(newClientMsgId)
  const refetchMessages = () => void client.invalidateQueries({ queryKey: chatKeys.messages(id) })
  const refetchConversation = () => void client.invalidateQueries({ queryKey: chatKeys.open(peerId) })
  const canTip = conversation.peer.is_creator && !viewerIsCreator
  const peerTyping = useTyping(id, peerId)
  // Typing pings are best effort: a failed one is not worth a word.
  const [typed] = useState(() =>
    typingThrottle(() => void api.call(chatTyping, { conversation_id: id }).catch(() => undefined)),
  )

  // Messages that failed to send before (this tab or an earlier one) come back as failed.
  useEffect(() => {
    let current = true
    void failedMessages.list(viewerId, id).then((saved) => {
      if (!current || saved.length === 0) return
      setPending((all) => [
        ...saved
          .filter((item) => !all.some((p) => p.clientId === item.id))
          .map((item) => ({
            clientId: item.id,
            text: item.text,
            failed: true,
            timetoken: item.timetoken,
            media: item.media ?? [],
            price: item.price ?? null,
          })),
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
    void api.call(chatRead, { conversation_id: id, message_id: newestFromPeer }).then(() => {
      void client.invalidateQueries({ queryKey: systemKeys.initAll() })
      void client.invalidateQueries({ queryKey: chatKeys.conversationsAll() })
    })
  }, [id, newestFromPeer, client])

  // The newest message in view whenever one arrives or is sent.
  const lastId = list.at(-1)?.message_id ?? 0
  const [atNewest, setAtNewest] = useState(false)
  useEffect(() => {
    if (!lastId && !pending.length) return
    bottom.current?.scrollIntoView({ block: 'end' })
    setAtNewest(true)
  }, [lastId, pending.length])

  const send = useMutation({
    // Offline, a send fails at once and is kept as failed (IndexedDB) rather than paused in memory.
    networkMode: 'always',
    mutationFn: (item: Pending) =>
      api.call(chatSend, {
        conversation_id: id,
        client_msg_id: item.clientId,
        text: item.text,
        media: item.media,
        price: item.price,
        // The price shown above the composer (0 while messages are free).
        paid_price: conversation.send_price,
      }),
    onSuccess: async (answer, item) => {
      await client.invalidateQueries({ queryKey: chatKeys.messages(id) })
      setPending((all) => all.filter((p) => p.clientId !== item.clientId))
      void failedMessages.remove(item.clientId)
      void client.invalidateQueries({ queryKey: chatKeys.conversationsAll() })
      // A free message used, or a paid one: the price line and the wallet change.
      if (conversation.free_left !== null || answer.message.paid_coins !== null) {
        refetchConversation()
        if (answer.message.paid_coins !== null) void client.invalidateQueries({ queryKey: walletKeys.all })
      }
    },
    onError: (error, item) => {
      setPending((all) => all.map((p) => (p.clientId === item.clientId ? { ...p, failed: true } : p)))
      void failedMessages.save({
        id: item.clientId,
        userId: viewerId,
        conversation_id: id,
        timetoken: item.timetoken,
        text: item.text,
        media: item.media,
        price: item.price,
      })
      if (isApiError(error) && error.code === 5004) {
        coinsSheet.buy(coinsNeededOf(error.fields) ?? conversation.send_price)
        return
      }
      // The creator changed the price: the composer shows the new one before the fan sends again.
      if (isApiError(error) && error.code === 6005) refetchConversation()
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

  const priceCoins = ppv ? ppvPriceOf(price) : null
  const media = attachments.ready ?? []
  const waiting = attachments.items.length > 0 && attachments.ready === null
  const canSend =
    !waiting &&
    (text.trim() !== '' || media.length > 0) &&
    (!ppv || (priceCoins !== null && media.length > 0))
  const submit = (event?: FormEvent) => {
    event?.preventDefault()
    if (!canSend) return
    const item: Pending = {
      clientId: newClientMsgId(),
      text: text.trim(),
      failed: false,
      timetoken: Date.now() * 1000,
      media,
      price: priceCoins,
    }
    setPending((all) => [...all, item])
    setText('')
    attachments.clear()
    setPpv(false)
    setPrice('')
    send.mutate(item)
  }
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
          {pending
            // A send whose answer was lost may be stored after all: the stored message stands for it.
            .filter((item) => !list.some((message) => message.client_msg_id === item.clientId))
            .map((item) => (
              <li
                key={item.clientId}
                className="v-chat-bubble-row v-chat-bubble-row--mine v-chat-bubble-row--pending"
              >
                <div className="v-chat-bubble">
                  {item.media.length > 0 ? (
                    <p className="v-chat-bubble__money">
                      <ImagePlus aria-hidden="true" />
                      {item.media.length === 1
                        ? '1 photo or video'
                        : `${item.media.length} photos and videos`}
                      {item.price !== null ? ` · ${formatCoins(item.price)}` : ''}
                    </p>
                  ) : null}
                  {item.text ? <p className="v-chat-bubble__text">{item.text}</p> : null}
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
        <p className="v-chat-typing" aria-live="polite">
          {peerTyping ? ChatTexts.typing(name) : ''}
        </p>
      </div>
      <form className="v-composer v-composer--chat" onSubmit={submit}>
        {conversation.send_price > 0 || conversation.free_left !== null ? (
          <p className="v-composer__notice" role="status">
            {conversation.send_price > 0
              ? ChatTexts.costsCoins(conversation.send_price)
              : ChatTexts.freeLeft(conversation.free_left ?? 0)}
          </p>
        ) : null}
        <AttachmentStrip attachments={attachments} />
        {viewerIsCreator && attachments.items.length > 0 ? (
          <div className="v-composer__ppv">
            <label className="v-composer__ppv-toggle">
              <input type="checkbox" checked={ppv} onChange={(event) => setPpv(event.target.checked)} />
              Sell as pay-per-view
            </label>
            {ppv ? (
              <label className="v-composer__ppv-price">
                <span className="v-visually-hidden">Price in coins</span>
                <input
                  className="v-composer__ppv-input"
                  inputMode="numeric"
                  placeholder="Coins"
                  value={price}
                  aria-invalid={price !== '' && priceCoins === null}
                  onChange={(event) => setPrice(event.target.value)}
                />
                <span aria-hidden="true">coins</span>
              </label>
            ) : null}
          </div>
        ) : null}
        <div className="v-composer__row">
          {viewerIsCreator ? (
            <>
              <button
                type="button"
                className="v-icon-button v-composer__tool"
                aria-label="Add photos or videos"
                disabled={!attachments.canAdd}
                onClick={() => mediaInput.current?.click()}
              >
                <ImagePlus aria-hidden="true" />
              </button>
              <input
                ref={mediaInput}
                type="file"
                accept="image/*,video/*"
                multiple
                hidden
                data-testid="chat-media-input"
                onChange={(event) => {
                  attachments.add([...(event.target.files ?? [])])
                  event.target.value = ''
                }}
              />
            </>
          ) : null}
          {canTip ? (
            <>
              <button
                type="button"
                className="v-icon-button v-composer__tool"
                aria-label={`Tip ${name}`}
                onClick={() => setSheet('tip')}
              >
                <HandCoins aria-hidden="true" />
              </button>
              <button
                type="button"
                className="v-icon-button v-composer__tool"
                aria-label={`Send ${name} a gift`}
                onClick={() => setSheet('gift')}
              >
                <Gift aria-hidden="true" />
              </button>
            </>
          ) : null}
          <textarea
            className="v-composer__input"
            aria-label={ChatTexts.composerPlaceholder}
            placeholder={ChatTexts.composerPlaceholder}
            value={text}
            maxLength={ChatRules.textMax}
            rows={1}
            enterKeyHint="send"
            onChange={(event) => {
              setText(event.target.value)
              if (event.target.value.trim() !== '') typed()
            }}
            onKeyDown={onKeyDown}
          />
          <button
            type="submit"
            className="v-composer__send"
            aria-label={
              conversation.send_price > 0 ? `Send for ${formatCoins(conversation.send_price)}` : 'Send'
            }
            disabled={!canSend}
          >
            <SendHorizontal aria-hidden="true" />
          </button>
        </div>
      </form>
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
