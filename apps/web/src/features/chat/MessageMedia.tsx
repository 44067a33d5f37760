import { type ChatMessage, ChatTexts, formatCoins } from '@velvet/contract'
import { Lock, Play } from 'lucide-react'
import { BlurredPreview, durationText, OpenMedia } from '../posts/index.ts'

/** A bubble's photos are at most this wide (the bubble's own limit on phones). */
const CHAT_MEDIA_SIZES = '(max-width: 430px) 70vw, 18rem'

/**
 * The photos and videos of a message, in a grid. A locked PPV message shows only the server's blurred
 * previews (with each video's length) under a lock with "Unlock for N coins"; the sender sees their own
 * media with its price.
 */
export function MessageMedia({
  message,
  mine,
  onUnlock,
  onExpired,
}: {
  message: ChatMessage
  mine: boolean
  onUnlock: () => void
  onExpired: () => void
}) {
  const count = message.media.length
  if (count === 0) return null
  return (
    <div className="v-chat-media" data-count={Math.min(count, 4)}>
      {message.media.map((media) => (
        <div key={media.media_id} className="v-chat-media__item">
          <BlurredPreview preview={media.preview} />
          {media.urls ? (
            <OpenMedia media={media} urls={media.urls} sizes={CHAT_MEDIA_SIZES} onExpired={onExpired} />
          ) : media.kind === 'video' && media.duration !== null ? (
            <span className="v-chat-media__duration">
              <Play aria-hidden="true" />
              {durationText(media.duration)}
            </span>
          ) : null}
        </div>
      ))}
      {message.locked && message.price !== null ? (
        <div className="v-chat-media__lock">
          <Lock aria-hidden="true" />
          <button type="button" className="v-chat-media__unlock" onClick={onUnlock}>
            {ChatTexts.ppvLocked(message.price)}
          </button>
        </div>
      ) : null}
      {mine && message.price !== null ? (
        <span className="v-chat-media__price">{formatCoins(message.price)}</span>
      ) : null}
    </div>
  )
}
