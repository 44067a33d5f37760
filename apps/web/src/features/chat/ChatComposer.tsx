import { ChatRules, ChatTexts, type Conversation, formatCoins } from '@velvet/contract'
import { Gift, HandCoins, ImagePlus, SendHorizontal } from 'lucide-react'
import { type FormEvent, type KeyboardEvent, useRef, useState } from 'react'
import { AttachmentStrip, useAttachments } from './ChatAttachments.tsx'
import { sendTyping } from './chat.queries.ts'
import { draftOf, type MessageDraft, ppvPriceOf } from './chat-rules.ts'
import { typingThrottle } from './typing-store.ts'

/**
 * The chat room's composer: the price of a message, the text (Enter sends, typing pings the other side), a
 * creator's photos and videos with an optional pay-per-view price, and a fan's tip and gift buttons. It
 * empties once it hands the message to `onSend`.
 */
export function ChatComposer({
  viewerId,
  viewerIsCreator,
  conversation,
  name,
  canTip,
  onTip,
  onGift,
  onSend,
}: {
  viewerId: number
  viewerIsCreator: boolean
  conversation: Conversation
  /** The other person's display name. */
  name: string
  canTip: boolean
  onTip: () => void
  onGift: () => void
  onSend: (draft: MessageDraft) => void
}) {
  const [text, setText] = useState('')
  const [ppv, setPpv] = useState(false)
  const [price, setPrice] = useState('')
  const attachments = useAttachments(viewerId)
  const mediaInput = useRef<HTMLInputElement>(null)
  const [typed] = useState(() => typingThrottle(() => sendTyping(conversation.conversation_id)))

  const draft = draftOf({ text, ready: attachments.ready, ppv, price })
  const submit = (event?: FormEvent) => {
    event?.preventDefault()
    if (!draft) return
    setText('')
    attachments.clear()
    setPpv(false)
    setPrice('')
    onSend(draft)
  }
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) submit(event)
  }

  return (
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
                aria-invalid={price !== '' && ppvPriceOf(price) === null}
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
              onClick={onTip}
            >
              <HandCoins aria-hidden="true" />
            </button>
            <button
              type="button"
              className="v-icon-button v-composer__tool"
              aria-label={`Send ${name} a gift`}
              onClick={onGift}
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
          disabled={!draft}
        >
          <SendHorizontal aria-hidden="true" />
        </button>
      </div>
    </form>
  )
}
