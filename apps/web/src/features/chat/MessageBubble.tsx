import { Authorship, type ChatMessage, ChatTexts, giftById, MsgType } from '@velvet/contract'
import { CircleCheck, Clock, Gift, HandCoins } from 'lucide-react'
import { messageTime, secondsOf } from './chat-rules.ts'
import { MessageMedia } from './MessageMedia.tsx'

/** The line a tip or a gift shows in its bubble. */
function moneyLine(message: ChatMessage): string | null {
  if (message.msg_type === MsgType.Gift && message.gift_id !== null) {
    const gift = giftById(message.gift_id)
    return ChatTexts.giftLine(gift?.name ?? 'gift', message.coins ?? gift?.coins ?? 0)
  }
  if (message.msg_type === MsgType.Tip && message.coins !== null) return ChatTexts.tipLine(message.coins)
  return null
}

/** Who wrote one's own message, when it was not oneself (a creator's chatter or agent); else null. */
function authorshipLine(message: ChatMessage): string | null {
  if (message.authorship === Authorship.Chatter) return ChatTexts.byChatter
  if (message.authorship === Authorship.Agent) return ChatTexts.byAgent
  return null
}

/**
 * One stored message in the room: its media, a tip's or gift's line, the text, and under it who wrote a
 * creator's own message when it was not the creator (a chatter, the agent: the sender's side only, as the
 * server gives authorship only to it), whether the fan bought the sender's own PPV message (the server tells
 * only the sender), the paid message line, the time and "Seen".
 */
export function MessageBubble({
  message,
  mine,
  seen,
  onUnlock,
  onExpired,
}: {
  message: ChatMessage
  mine: boolean
  seen: boolean
  onUnlock: (message: ChatMessage) => void
  onExpired: () => void
}) {
  const seconds = secondsOf(message.timetoken)
  const money = moneyLine(message)
  const author = mine ? authorshipLine(message) : null
  return (
    <li className={`v-chat-bubble-row${mine ? ' v-chat-bubble-row--mine' : ''}`}>
      <div
        className={`v-chat-bubble${message.media.length > 0 ? ' v-chat-bubble--media' : ''}${money ? ' v-chat-bubble--money' : ''}`}
      >
        <MessageMedia
          message={message}
          mine={mine}
          onUnlock={() => onUnlock(message)}
          onExpired={onExpired}
        />
        {money ? (
          <p className="v-chat-bubble__money">
            {message.msg_type === MsgType.Gift ? (
              <Gift aria-hidden="true" />
            ) : (
              <HandCoins aria-hidden="true" />
            )}
            {money}
          </p>
        ) : null}
        {message.text ? <p className="v-chat-bubble__text">{message.text}</p> : null}
        {author ? <p className="v-chat-bubble__paid">{author}</p> : null}
        {mine && message.bought !== null ? (
          <p className="v-chat-bubble__paid v-chat-bubble__bought" data-bought={message.bought || undefined}>
            {message.bought ? <CircleCheck aria-hidden="true" /> : <Clock aria-hidden="true" />}
            {message.bought ? ChatTexts.ppvBought : ChatTexts.ppvNotBought}
          </p>
        ) : null}
        {message.paid_coins !== null ? (
          <p className="v-chat-bubble__paid">
            {message.refunded ? ChatTexts.refunded : ChatTexts.paidLine(message.paid_coins)}
          </p>
        ) : null}
        <time className="v-chat-bubble__time" dateTime={new Date(seconds * 1000).toISOString()}>
          {messageTime(seconds, Date.now() / 1000)}
        </time>
      </div>
      {seen ? <span className="v-chat-bubble__seen">{ChatTexts.seen}</span> : null}
    </li>
  )
}
