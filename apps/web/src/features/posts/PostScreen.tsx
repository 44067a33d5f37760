import { ChevronRight } from 'lucide-react'
import { useEffect } from 'react'
import { useLocation, useNavigate, useSearchParams } from 'react-router'
import { ScreenBar } from '../../ui/ScreenBar.tsx'
import { HOME_PATH, safeRedirect } from '../auth/index.ts'
import { ErrorContentPage, errorContent, errorContentOf, isPageError, LoadError } from '../errors/index.ts'
import { displayName } from '../profile/index.ts'
import { AppLayout } from '../shell/index.ts'
import { AuthorLink } from './AuthorLink.tsx'
import { PostCard } from './PostCard.tsx'
import { PostSkeleton } from './PostSkeleton.tsx'
import { positiveIdOf } from './post-rules.ts'
import { usePost, useViewerId } from './posts.queries.ts'
import { ReadEventsProvider } from './read-events.tsx'
import './posts.css'

/**
 * /post?id= (spec §2): one post with its comments a tap away. `redirect` is where the back button goes
 * (a shared link opened from outside has no history to go back to).
 */
export function PostScreen() {
  const [params] = useSearchParams()
  const postId = positiveIdOf(params.get('id'))
  const redirect = params.get('redirect')
  const viewerId = useViewerId()
  const query = usePost(viewerId, postId)
  const navigate = useNavigate()
  const location = useLocation()

  useEffect(() => {
    if (postId !== null) window.scrollTo({ top: 0, behavior: 'instant' })
  }, [postId])

  // A post that does not exist for this viewer (bad id, deleted, blocked, geo-blocked): the error page.
  if (postId === null) return <ErrorContentPage content={errorContent({ status: 404 })} />
  if (query.error && isPageError(query.error))
    return <ErrorContentPage content={errorContentOf(query.error)} />

  const leave = () => {
    if (redirect) void navigate(safeRedirect(redirect), { replace: true })
    else if (location.key !== 'default') void navigate(-1)
    else void navigate(HOME_PATH, { replace: true })
  }
  const post = query.data?.post
  let body = <PostSkeleton count={1} />
  if (post) {
    body = (
      <>
        <ReadEventsProvider>
          <PostCard post={post} linked={false} eager onDeleted={leave} />
        </ReadEventsProvider>
        <AuthorLink author={post.author} className="v-post-screen__more">
          More from {displayName(post.author)}
          <ChevronRight aria-hidden="true" />
        </AuthorLink>
      </>
    )
  } else if (query.isError) {
    body = <LoadError error={query.error} onRetry={() => void query.refetch()} />
  }

  return (
    <AppLayout>
      <div className="v-post-screen">
        <ScreenBar title="Post" onBack={redirect ? leave : undefined} />
        <div className="v-post-screen__body">{body}</div>
      </div>
    </AppLayout>
  )
}
