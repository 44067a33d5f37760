import type { Post } from '@velvet/contract'
import { Heart, MessageCircle, MoreHorizontal, Pin, Share2 } from 'lucide-react'
import { useCallback, useRef, useState } from 'react'
import { Link, useLocation, useNavigate } from 'react-router'
import { api } from '../../lib/api/index.ts'
import { Avatar } from '../../ui/Avatar.tsx'
import { confirm } from '../../ui/confirm-store.ts'
import { useWithAccount } from '../auth/index.ts'
import { abbreviate } from '../notifications/index.ts'
import { displayName, VerifiedMark } from '../profile/index.ts'
import { ReportSheet } from '../report/index.ts'
import { GiftButton } from '../wallet/index.ts'
import { AuthorLink } from './AuthorLink.tsx'
import { CommentsSheet } from './CommentsSheet.tsx'
import { CaptionText } from './caption.tsx'
import { PostMediaView } from './PostMediaView.tsx'
import { PostMenu, type PostMenuActions } from './PostMenu.tsx'
import { sharePost, useDeletePost, useLikeToggle, usePinToggle } from './post-actions.ts'
import { editPostPath, isLongCaption, postPath, postTime, timeAgo } from './post-rules.ts'
import { useReadObserver } from './read-events.tsx'
import { useFreshUrls } from './use-fresh-urls.ts'
import './post-card.css'

function Caption({ text }: { text: string }) {
  const [open, setOpen] = useState(false)
  const long = isLongCaption(text)
  return (
    <div className="v-post__caption">
      <p className={long && !open ? 'v-post__text v-post__text--folded' : 'v-post__text'}>
        <CaptionText text={text} />
      </p>
      {long && !open ? (
        <button type="button" className="v-post__more" onClick={() => setOpen(true)}>
          more
        </button>
      ) : null}
    </div>
  )
}

function LikeButton({ post }: { post: Post }) {
  const toggle = useLikeToggle(post.post_id)
  const withAccount = useWithAccount()
  const [popped, setPopped] = useState(false)
  const onClick = () =>
    withAccount(() => {
      if (toggle.isPending) return
      setPopped(!post.liked_by_me)
      toggle.mutate(!post.liked_by_me)
    })
  return (
    <button
      type="button"
      className="v-post__action v-post__action--like"
      aria-pressed={post.liked_by_me}
      data-pop={popped || undefined}
      onClick={onClick}
      onAnimationEnd={() => setPopped(false)}
    >
      <Heart aria-hidden="true" />
      <span className="v-visually-hidden">Like</span>
      <span className="v-post__count">{abbreviate(post.likes)}</span>
    </button>
  )
}

/**
 * A post: author row (portrait, name, verified mark, time ago, menu), caption with linked mentions and
 * hashtags, the media (or the lock), then like, comments and share. `linked` makes the time open the post
 * page (in lists); read events are counted while it is on screen.
 */
export function PostCard({
  post,
  linked = true,
  eager = false,
  showPinned = false,
  onDeleted,
}: {
  post: Post
  linked?: boolean
  eager?: boolean
  /** Pins belong to the profile: the mark shows in a creator's own list, not in the home feed. */
  showPinned?: boolean
  onDeleted?: () => void
}) {
  const ref = useRef<HTMLElement>(null)
  const { pathname, search } = useLocation()
  const [menuOpen, setMenuOpen] = useState(false)
  const [commentsOpen, setCommentsOpen] = useState(false)
  const [reporting, setReporting] = useState(false)
  const closeMenu = useCallback(() => setMenuOpen(false), [])
  const closeComments = useCallback(() => setCommentsOpen(false), [])
  const closeReport = useCallback(() => setReporting(false), [])
  const withAccount = useWithAccount()
  const navigate = useNavigate()
  const pin = usePinToggle(post)
  const remove = useDeletePost(post.post_id, onDeleted)
  const onExpired = useFreshUrls(post)
  useReadObserver(ref, post.post_id)

  const { author } = post
  const name = displayName(author)
  const menuActions: PostMenuActions = {
    onShare: () => void sharePost(post),
    onReport: () => withAccount(() => setReporting(true)),
    onPin: (pinned) => pin.mutate(pinned),
    onEdit: () => void navigate(editPostPath(post.post_id)),
    onDelete: () =>
      void confirm({
        title: 'Delete this post?',
        message: 'It disappears from your profile and from every feed. This cannot be undone.',
        confirmLabel: 'Delete',
        tone: 'danger',
      }).then((ok) => {
        if (ok) remove.mutate()
      }),
  }
  const seconds = postTime(post)
  const time = (
    <time dateTime={new Date(seconds * 1000).toISOString()}>{timeAgo(seconds, api.clock.nowSeconds())}</time>
  )
  return (
    <article ref={ref} className="v-post" aria-label={`Post by ${name}`}>
      <header className="v-post__head">
        <AuthorLink author={author} className="v-post__author">
          <Avatar src={author.portrait} name={name} size="md" decorative />
          <span className="v-post__who">
            <span className="v-post__name">
              <span className="v-post__nickname">{name}</span>
              {author.verified ? <VerifiedMark /> : null}
            </span>
            {author.user_name ? <span className="v-post__handle">@{author.user_name}</span> : null}
          </span>
        </AuthorLink>
        <span className="v-post__meta">
          {showPinned && post.pinned ? (
            <span className="v-post__pinned">
              <Pin aria-hidden="true" />
              Pinned
            </span>
          ) : null}
          {linked ? (
            <Link to={postPath(post.post_id, `${pathname}${search}`)} className="v-post__time">
              {time}
            </Link>
          ) : (
            <span className="v-post__time">{time}</span>
          )}
        </span>
        <button
          type="button"
          className="v-icon-button v-icon-button--muted"
          aria-label="Post options"
          onClick={() => setMenuOpen(true)}
        >
          <MoreHorizontal aria-hidden="true" />
        </button>
      </header>
      {post.caption ? <Caption text={post.caption} /> : null}
      <PostMediaView post={post} eager={eager} onExpired={onExpired} />
      <footer className="v-post__actions">
        <LikeButton post={post} />
        <button type="button" className="v-post__action" onClick={() => setCommentsOpen(true)}>
          <MessageCircle aria-hidden="true" />
          <span className="v-visually-hidden">Comments</span>
          <span className="v-post__count">{abbreviate(post.comments)}</span>
        </button>
        {!post.is_mine && author.verified ? <GiftButton creator={author} postId={post.post_id} /> : null}
        <button type="button" className="v-post__action" onClick={() => void sharePost(post)}>
          <Share2 aria-hidden="true" />
          <span className="v-visually-hidden">Share</span>
        </button>
      </footer>
      {/* Sheets mount only while open: a long feed keeps no idle forms around. */}
      {menuOpen ? <PostMenu post={post} open onClose={closeMenu} actions={menuActions} /> : null}
      {commentsOpen ? <CommentsSheet post={post} open onClose={closeComments} /> : null}
      {reporting ? (
        <ReportSheet
          open
          onClose={closeReport}
          target={{
            userId: author.user_id,
            name: author.user_name ? `@${author.user_name}` : name,
            postId: post.post_id,
          }}
        />
      ) : null}
    </article>
  )
}
