import { type Post, PostState } from '@velvet/contract'
import { CalendarCheck, CircleCheck, Eye, FileText, SquarePen } from 'lucide-react'
import { Link, Navigate, useSearchParams } from 'react-router'
import { buttonClassName } from '../../ui/Button.tsx'
import { ScreenBar } from '../../ui/ScreenBar.tsx'
import { Spinner } from '../../ui/Spinner.tsx'
import { AccountOnly } from '../auth/index.ts'
import { LoadError } from '../errors/index.ts'
import { positiveIdOf, postPath } from '../posts/index.ts'
import { PublishPath } from './paths.ts'
import { usePublishedPost } from './publish.queries.ts'
import { scheduleText } from './time-format.ts'
import '../../ui/success.css'
import './publish.css'

type Outcome =
  | { kind: 'published'; postId: number }
  | { kind: 'scheduled'; at: number }
  | { kind: 'draft' }
  | { kind: 'unknown' }

/** What the post's state says happened (a post opened again meanwhile may be a draft). */
function outcomeOf(post: Post | undefined): Outcome {
  if (!post) return { kind: 'unknown' }
  if (post.state === PostState.Published) return { kind: 'published', postId: post.post_id }
  if (post.state === PostState.Scheduled && post.publish_at !== null)
    return { kind: 'scheduled', at: post.publish_at }
  return { kind: 'draft' }
}

const TITLES: Record<Outcome['kind'], string> = {
  published: 'Published',
  scheduled: 'Scheduled',
  draft: 'Saved',
  unknown: 'Published',
}

function Report({ postId }: { postId: number }) {
  const query = usePublishedPost(postId)
  const outcome = outcomeOf(query.data?.post)
  return (
    <div className="v-screen">
      <ScreenBar title={TITLES[outcome.kind]} fallback="/home" />
      {query.isPending ? (
        <div className="v-success">
          <Spinner label="Loading" />
        </div>
      ) : query.isError ? (
        <LoadError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <Done outcome={outcome} />
      )}
    </div>
  )
}

const newPostLink = (
  <Link to={PublishPath.compose} className={buttonClassName({ variant: 'secondary', block: true })}>
    <SquarePen aria-hidden="true" className="v-success__button-icon" /> Create another
  </Link>
)

/** What happened, the way to see it, and the way to the next one. */
function Done({ outcome }: { outcome: Outcome }) {
  const content =
    outcome.kind === 'scheduled'
      ? {
          icon: <CalendarCheck />,
          title: 'Your post is scheduled',
          text: (
            <>
              It publishes by itself on <strong>{scheduleText(outcome.at)}</strong>. You can change it until
              then in your scheduled posts.
            </>
          ),
          action: (
            <Link to={PublishPath.schedule} className={buttonClassName({ block: true })}>
              <CalendarCheck aria-hidden="true" className="v-success__button-icon" /> Scheduled posts
            </Link>
          ),
        }
      : outcome.kind === 'draft'
        ? {
            icon: <FileText />,
            title: 'Saved as a draft',
            text: 'It waits in your drafts until you publish or schedule it.',
            action: (
              <Link to={PublishPath.drafts} className={buttonClassName({ block: true })}>
                <FileText aria-hidden="true" className="v-success__button-icon" /> Drafts
              </Link>
            ),
          }
        : {
            icon: <CircleCheck />,
            title: 'Your post is live',
            text: 'Your fans can see it now in their feeds and on your profile.',
            action:
              outcome.kind === 'published' ? (
                <Link to={postPath(outcome.postId)} className={buttonClassName({ block: true })}>
                  <Eye aria-hidden="true" className="v-success__button-icon" /> View post
                </Link>
              ) : null,
          }
  return (
    <section className="v-success" aria-labelledby="v-success-title">
      <span className="v-success__icon" aria-hidden="true">
        {content.icon}
      </span>
      <h2 id="v-success-title" className="v-success__title">
        {content.title}
      </h2>
      <p className="v-success__text">{content.text}</p>
      <div className="v-success__actions">
        {content.action}
        {newPostLink}
      </div>
    </section>
  )
}

/**
 * /publish/success?post_id=: after publishing or scheduling. Without a post there is nothing to report (an
 * address typed or bookmarked): the composer opens instead of a success with no post.
 */
export function SuccessScreen() {
  const [params] = useSearchParams()
  const postId = positiveIdOf(params.get('post_id'))
  if (postId === null) return <Navigate to={PublishPath.compose} replace />
  return <AccountOnly>{() => <Report postId={postId} />}</AccountOnly>
}
