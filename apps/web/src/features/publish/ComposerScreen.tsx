import { ErrorCodes, PostState, type SessionUser, UserRole } from '@velvet/contract'
import { BadgeCheck, FileText, SearchX } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router'
import { isApiError } from '../../lib/api/index.ts'
import { buttonClassName } from '../../ui/Button.tsx'
import { EmptyState } from '../../ui/EmptyState.tsx'
import { ScreenBar } from '../../ui/ScreenBar.tsx'
import { AccountOnly } from '../auth/index.ts'
import { LoadError } from '../errors/index.ts'
import { positiveIdOf } from '../posts/index.ts'
import { Composer, type ComposerVisit } from './Composer.tsx'
import { ComposerSkeleton } from './ComposerSkeleton.tsx'
import { PublishPath } from './paths.ts'
import { startDraft, useDraftCount, useEditPost } from './publish.queries.ts'
import './composer.css'
import './media-grid.css'

/** The bar's link to the drafts, with their count (spec §7 post/init draft_num). */
function DraftsLink() {
  const count = useDraftCount().data
  return (
    <Link to={PublishPath.drafts} className="v-compose-bar__drafts">
      <FileText aria-hidden="true" />
      Drafts{count ? <span className="v-compose-bar__count">{count > 99 ? '99+' : count}</span> : null}
    </Link>
  )
}

/** /publish without post_id: a new draft (spec §4), then the URL names it so a reload reopens it. */
function StartDraft() {
  const { key } = useLocation()
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const [error, setError] = useState<unknown>(null)
  const [attempt, setAttempt] = useState(0)

  useEffect(() => {
    let live = true
    startDraft(`${key}:${attempt}`)
      .then(({ post_id }) => {
        if (!live) return
        const next = new URLSearchParams(params)
        next.set('post_id', String(post_id))
        void navigate(
          { search: `?${next}` },
          { replace: true, state: { fresh: true } satisfies ComposerVisit },
        )
      })
      .catch((failure: unknown) => {
        if (live) setError(failure)
      })
    return () => {
      live = false
    }
  }, [key, attempt, params, navigate])

  if (error) {
    const retry = () => {
      setError(null)
      setAttempt((n) => n + 1)
    }
    return <ComposerProblem error={error} onRetry={retry} />
  }
  return <ComposerSkeleton />
}

/** A failed load; `null` or PostNotFound: the post is not the viewer's to edit (or is gone). */
function ComposerProblem({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  if (error === null || !onRetry || (isApiError(error) && error.code === ErrorCodes.PostNotFound.code)) {
    return (
      <EmptyState
        icon={<SearchX />}
        title="This post can’t be edited"
        text={ErrorCodes.PostNotFound.message}
        action={
          <Link to={PublishPath.drafts} className={buttonClassName({ variant: 'secondary', size: 'md' })}>
            See your drafts
          </Link>
        }
      />
    )
  }
  return <LoadError error={error} onRetry={onRetry} />
}

function EditPost({ query, user }: { query: ReturnType<typeof useEditPost>; user: SessionUser }) {
  if (query.isPending) return <ComposerSkeleton />
  if (query.isError) return <ComposerProblem error={query.error} onRetry={() => void query.refetch()} />
  return <Composer key={query.data.post.post_id} post={query.data.post} user={user} />
}

/** Only creators publish (spec §6): others are invited to verify first, coming back here. */
function BecomeCreator() {
  const { pathname, search } = useLocation()
  return (
    <EmptyState
      icon={<BadgeCheck />}
      title="Become a creator to post"
      text="Verify your identity once, then share free and paid posts with your fans."
      action={
        <Link
          to={`/creator_audit?redirect=${encodeURIComponent(`${pathname}${search}`)}`}
          className={buttonClassName({ size: 'md' })}
        >
          Get verified
        </Link>
      }
    />
  )
}

function Publish({ user }: { user: SessionUser }) {
  const location = useLocation()
  const [params] = useSearchParams()
  const rawId = params.get('post_id')
  const postId = positiveIdOf(rawId)
  const creator = user.user_role === UserRole.Creator
  const query = useEditPost(postId ?? 0, creator && postId !== null)
  const state = query.data?.post.state
  const fresh = (location.state as ComposerVisit | null)?.fresh === true
  const title =
    postId === null || fresh || state === undefined
      ? 'New post'
      : state === PostState.Published
        ? 'Edit post'
        : 'Edit draft'
  return (
    <div className="v-screen v-compose-screen">
      <ScreenBar title={title} fallback="/home" end={creator ? <DraftsLink /> : undefined} />
      {!creator ? (
        <BecomeCreator />
      ) : postId !== null ? (
        <EditPost query={query} user={user} />
      ) : rawId !== null ? (
        <ComposerProblem error={null} />
      ) : (
        <StartDraft />
      )}
    </div>
  )
}

/** /publish (query post_id, from): the composer (spec §2 Content). */
export function ComposerScreen() {
  return <AccountOnly>{(user) => <Publish user={user} />}</AccountOnly>
}
