import { PostsFilter } from '@velvet/contract'
import { ChevronRight } from 'lucide-react'
import { useCallback, useEffect, useRef } from 'react'
import { useNavigationType, useSearchParams } from 'react-router'
import { ScreenBar } from '../../ui/ScreenBar.tsx'
import { ErrorContentPage, errorContent, errorContentOf, isPageError, LoadError } from '../errors/index.ts'
import { displayName } from '../profile/index.ts'
import { AppLayout } from '../shell/index.ts'
import { AuthorLink } from './AuthorLink.tsx'
import { PostCard } from './PostCard.tsx'
import { PostList } from './PostList.tsx'
import { PostSkeleton } from './PostSkeleton.tsx'
import { positiveIdOf } from './post-rules.ts'
import { usePost, useUserPosts, useViewerId } from './posts.queries.ts'
import { ReadEventsProvider } from './read-events.tsx'
import { flattenPosts, userPostsHistoryKey } from './view-history.ts'
import './posts.css'

/** Pages loaded while looking for the opened post in its creator's list (a deep link far down). */
const SEARCH_PAGES = 5

/**
 * /user/post_view?user_id=&id= (spec §2): the post viewer in the context of one creator's posts. It opens
 * at post `id` and scrolls on through that creator's other posts (the same list as the profile grid, in the
 * grid's filter). Coming back to it restores where the viewer was.
 */
export function UserPostViewScreen() {
  const [params] = useSearchParams()
  const userId = positiveIdOf(params.get('user_id'))
  const postId = positiveIdOf(params.get('id'))
  const filter = PostsFilter.catch('all').parse(params.get('filter') ?? 'all')
  const viewerId = useViewerId()
  const comingBack = useNavigationType() === 'POP'
  const historyKey = userPostsHistoryKey(viewerId ?? 0, userId ?? 0, filter)
  const detail = usePost(viewerId, postId)
  const list = useUserPosts(viewerId, userId, filter, historyKey)
  const posts = flattenPosts(list.data)
  const found = postId !== null && posts.some((post) => post.post_id === postId)
  const screen = useRef<HTMLDivElement>(null)
  const barHeight = useCallback(
    () => screen.current?.querySelector<HTMLElement>('.v-bar')?.offsetHeight ?? 0,
    [],
  )

  // A post further down than the loaded pages: load on (a few pages at most) until it is there.
  const pagesLoaded = list.data?.pages.length ?? 0
  const { hasNextPage, isFetching, fetchNextPage } = list
  useEffect(() => {
    if (!found && hasNextPage && !isFetching && pagesLoaded > 0 && pagesLoaded < SEARCH_PAGES) {
      void fetchNextPage()
    }
  }, [found, hasNextPage, isFetching, pagesLoaded, fetchNextPage])

  if (userId === null || postId === null) return <ErrorContentPage content={errorContent({ status: 404 })} />
  if (detail.error && isPageError(detail.error))
    return <ErrorContentPage content={errorContentOf(detail.error)} />

  const author = detail.data?.post.author ?? posts[0]?.author
  const searching = !found && (list.isPending || hasNextPage) && pagesLoaded < SEARCH_PAGES
  let body = <PostSkeleton count={1} />
  if (found) {
    body = (
      <PostList
        key={historyKey}
        posts={posts}
        query={list}
        historyKey={historyKey}
        restore={comingBack}
        startAt={postId}
        stickyTop={barHeight}
        showPinned
        end="That's every post"
      />
    )
  } else if (detail.data && !searching) {
    // Not in the list (an old post, a filter that leaves it out): the post alone, and the way to the rest.
    body = (
      <>
        <ReadEventsProvider>
          <PostCard post={detail.data.post} linked={false} eager showPinned />
        </ReadEventsProvider>
        <AuthorLink author={detail.data.post.author} className="v-post-screen__more">
          All posts by {displayName(detail.data.post.author)}
          <ChevronRight aria-hidden="true" />
        </AuthorLink>
      </>
    )
  } else if (detail.isError || (list.isError && posts.length === 0)) {
    const error = detail.error ?? list.error
    body = (
      <LoadError
        error={error}
        onRetry={() => {
          void detail.refetch()
          void list.refetch()
        }}
      />
    )
  }

  return (
    <AppLayout>
      <div ref={screen} className="v-post-screen">
        <ScreenBar title={author?.user_name ? `@${author.user_name}` : 'Posts'} />
        <div className="v-post-screen__body">{body}</div>
      </div>
    </AppLayout>
  )
}
