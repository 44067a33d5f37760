import { ChatTexts, formatCoins } from '@velvet/contract'
import { ImagePlus } from 'lucide-react'
import type { Pending } from './use-chat-send.ts'

/** One's own message before the server has it: "Sending…", or failed with Retry and Delete. */
export function PendingBubble({
  item,
  onRetry,
  onDiscard,
}: {
  item: Pending
  onRetry: (item: Pending) => void
  onDiscard: (item: Pending) => void
}) {
  return (
    <li className="v-chat-bubble-row v-chat-bubble-row--mine v-chat-bubble-row--pending">
      <div className="v-chat-bubble">
        {item.media.length > 0 ? (
          <p className="v-chat-bubble__money">
            <ImagePlus aria-hidden="true" />
            {item.media.length === 1 ? '1 photo or video' : `${item.media.length} photos and videos`}
            {item.price !== null ? ` · ${formatCoins(item.price)}` : ''}
          </p>
        ) : null}
        {item.text ? <p className="v-chat-bubble__text">{item.text}</p> : null}
      </div>
      {item.failed ? (
        <span className="v-chat-bubble__failed">
          <button type="button" className="v-chat-bubble__retry" onClick={() => onRetry(item)}>
            {ChatTexts.sendFailed}
          </button>
          <button
            type="button"
            className="v-chat-bubble__discard"
            aria-label={`Delete the unsent message “${item.text.slice(0, 40)}”`}
            onClick={() => onDiscard(item)}
          >
            Delete
          </button>
        </span>
      ) : (
        <span className="v-chat-bubble__seen">Sending…</span>
      )}
    </li>
  )
}
