import { type Comment, CommentText, type Post, Posts } from '@velvet/contract'
import { LogIn, MessageCircle, SendHorizontal, Trash2 } from 'lucide-react'
import { type FormEvent, useId, useState } from 'react'
import { Link, useLocation } from 'react-router'
import { api } from '../../lib/api/index.ts'
import { Avatar } from '../../ui/Avatar.tsx'
import { BottomSheet } from '../../ui/BottomSheet.tsx'
import { Button, buttonClassName } from '../../ui/Button.tsx'
import { confirm } from '../../ui/confirm-store.ts'
import { EmptyState } from '../../ui/EmptyState.tsx'
import { Spinner } from '../../ui/Spinner.tsx'
import { loginWithRedirect, useSession } from '../auth/index.ts'
import { LoadError } from '../errors/index.ts'
import { abbreviate } from '../notifications/index.ts'
import { counterText, displayName } from '../profile/index.ts'
import { AuthorLink } from './AuthorLink.tsx'
import { CaptionText } from './caption.tsx'
import { useAddComment, useDeleteComment } from './comments.queries.ts'
import { flattenComments } from './comments-cache.ts'
import { timeAgo } from './post-rules.ts'
import { useComments, useViewerId } from './posts.queries.ts'
import './comments.css'

function CommentRow({ comment, onDelete }: { comment: Comment; onDelete: (comment: Comment) => void }) {
  const name = displayName(comment.author)
  return (
    <li className="v-comment">
      <Avatar src={comment.author.portrait} name={name} size="sm" decorative />
      <div className="v-comment__body">
        <p className="v-comment__head">
          <AuthorLink author={comment.author} className="v-comment__name">
            {name}
          </AuthorLink>
          <time className="v-comment__time" dateTime={new Date(comment.created_at * 1000).toISOString()}>
            {timeAgo(comment.created_at, api.clock.nowSeconds())}
          </time>
        </p>
        <p className="v-comment__text">
          <CaptionText text={comment.text} />
        </p>
      </div>
      {comment.can_delete ? (
        <button
          type="button"
          className="v-icon-button v-icon-button--muted"
          aria-label={`Delete comment by ${name}`}
          onClick={() => onDelete(comment)}
        >
          <Trash2 aria-hidden="true" />
        </button>
      ) : null}
    </li>
  )
}

function CommentForm({ post }: { post: Post }) {
  const viewerId = useViewerId() ?? 0
  const fieldId = useId()
  const [text, setText] = useState('')
  const parsed = CommentText.safeParse(text)
  const send = useAddComment(viewerId, post.post_id)
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (parsed.success && !send.isPending) send.mutate(parsed.data, { onSuccess: () => setText('') })
  }
  const over = text.length > Posts.commentMax
  return (
    <form className="v-comment-form" onSubmit={onSubmit}>
      <label htmlFor={fieldId} className="v-visually-hidden">
        Add a comment
      </label>
      <textarea
        id={fieldId}
        className="v-comment-form__input"
        placeholder="Add a comment…"
        rows={1}
        value={text}
        aria-invalid={over || undefined}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.shiftKey) onSubmit(event)
        }}
      />
      {text.length > Posts.commentMax * 0.8 ? (
        <span className="v-comment-form__counter" data-over={over || undefined}>
          {counterText(text.length, Posts.commentMax)}
        </span>
      ) : null}
      <Button
        type="submit"
        size="md"
        className="v-comment-form__send"
        aria-label="Post comment"
        disabled={!parsed.success}
        loading={send.isPending}
        icon={<SendHorizontal />}
      />
    </form>
  )
}

/**
 * The comments of a post in a sheet: oldest first with "load more", a field to add one (with the
 * contract's limit), deleting one's own or, as the post's creator, anyone's (moderation).
 */
export function CommentsSheet({ post, open, onClose }: { post: Post; open: boolean; onClose: () => void }) {
  const session = useSession()
  const viewerId = useViewerId()
  const { pathname, search } = useLocation()
  const query = useComments(viewerId, post.post_id, open)
  const comments = flattenComments(query.data)

  const remove = useDeleteComment(viewerId ?? 0, post.post_id)
  const onDelete = async (comment: Comment) => {
    const own = comment.author.user_id === viewerId
    const ok = await confirm({
      title: 'Delete this comment?',
      message: own
        ? undefined
        : `You are removing a comment by ${displayName(comment.author)} from your post.`,
      confirmLabel: 'Delete',
      tone: 'danger',
    })
    if (ok) remove.mutate(comment)
  }

  let list = <Spinner label="Loading comments" />
  if (query.isError && comments.length === 0) {
    list = <LoadError error={query.error} onRetry={() => void query.refetch()} />
  } else if (query.isSuccess && comments.length === 0) {
    list = (
      <EmptyState
        variant="compact"
        icon={<MessageCircle />}
        title="No comments yet"
        text="Be the first to say something."
      />
    )
  } else if (comments.length > 0) {
    list = (
      <ul className="v-comments" aria-label="Comments">
        {comments.map((comment) => (
          <CommentRow key={comment.comment_id} comment={comment} onDelete={(c) => void onDelete(c)} />
        ))}
      </ul>
    )
  }

  return (
    <BottomSheet open={open} onClose={onClose} title={`Comments · ${abbreviate(post.comments)}`}>
      <div className="v-comments-sheet">
        {list}
        {query.hasNextPage ? (
          <Button
            variant="ghost"
            size="md"
            loading={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
          >
            Load more comments
          </Button>
        ) : null}
        {session.kind === 'account' ? (
          <CommentForm post={post} />
        ) : (
          <Link
            to={loginWithRedirect(`${pathname}${search}`)}
            className={buttonClassName({ variant: 'secondary', size: 'md', block: true })}
          >
            <LogIn aria-hidden="true" />
            Sign in to comment
          </Link>
        )}
      </div>
    </BottomSheet>
  )
}
