import { isPaidVisibility, type Post, Visibility } from '@velvet/contract'
import { CalendarClock, Coins, Crown, Film, ImageOff, Trash2 } from 'lucide-react'
import { Link } from 'react-router'
import { coinsText, editPostPath, tileMediaOf, timeAgo } from '../posts/index.ts'
import { AUDIENCE_OPTIONS } from './AudienceField.tsx'
import { scheduleText } from './time-format.ts'

export type OwnPostsKind = 'drafts' | 'scheduled'

/** The audience tag of a row: "Members", "120 coins", nothing for a free post. */
function AudienceTag({ post }: { post: Post }) {
  if (post.visibility === Visibility.Everyone) return null
  const paid = isPaidVisibility(post.visibility) && post.price !== null
  const members = post.visibility === Visibility.Members || post.visibility === Visibility.MembersAndPPV
  const title = AUDIENCE_OPTIONS.find((option) => option.value === post.visibility)?.title ?? ''
  return (
    <span className="v-own__tag" title={title}>
      {members ? <Crown aria-hidden="true" /> : null}
      {paid ? (
        <span className="v-own__price">
          <Coins aria-hidden="true" />
          {coinsText(post.price ?? 0)}
        </span>
      ) : (
        'Members'
      )}
    </span>
  )
}

/** A draft or scheduled post: cover, caption, when, audience; opens the composer; delete asks first. */
export function OwnPostRow({
  post,
  kind,
  nowSeconds,
  onDelete,
}: {
  post: Post
  kind: OwnPostsKind
  nowSeconds: number
  onDelete(): void
}) {
  const cover = tileMediaOf(post)
  const thumb = cover?.urls?.images[0]?.webp ?? cover?.preview ?? null
  const more = post.media.length - 1
  const caption = post.caption.trim()
  const when =
    kind === 'scheduled' && post.publish_at !== null
      ? scheduleText(post.publish_at)
      : post.edited_at !== null
        ? `Edited ${timeAgo(post.edited_at, nowSeconds)}`
        : `Started ${timeAgo(post.created_at, nowSeconds)}`
  return (
    <li className="v-own">
      <Link
        to={editPostPath(post.post_id)}
        state={kind === 'scheduled' ? { wasScheduled: true } : undefined}
        className="v-own__main"
      >
        <span className="v-own__thumb">
          {thumb ? <img src={thumb} alt="" loading="lazy" /> : <ImageOff aria-hidden="true" />}
          {cover?.kind === 'video' ? (
            <span className="v-own__kind">
              <Film aria-hidden="true" />
            </span>
          ) : null}
          {more > 0 ? <span className="v-own__more">+{more}</span> : null}
        </span>
        <span className="v-own__text">
          <span className="v-own__caption" data-empty={caption ? undefined : ''}>
            {caption || 'No caption'}
          </span>
          <span className="v-own__meta">
            {kind === 'scheduled' ? <CalendarClock aria-hidden="true" /> : null}
            <span>{when}</span>
            <AudienceTag post={post} />
          </span>
        </span>
      </Link>
      <button
        type="button"
        className="v-icon-button v-own__delete"
        aria-label={kind === 'drafts' ? 'Delete draft' : 'Delete scheduled post'}
        onClick={onDelete}
      >
        <Trash2 aria-hidden="true" />
      </button>
    </li>
  )
}
