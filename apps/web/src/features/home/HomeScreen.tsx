import { useQueryClient } from '@tanstack/react-query'
import { ArrowDown, LogIn, RotateCw } from 'lucide-react'
import { useCallback, useRef, useState } from 'react'
import { flushSync } from 'react-dom'
import { Link } from 'react-router'
import { feedKeys } from '../../lib/query-keys.ts'
import { Avatar } from '../../ui/Avatar.tsx'
import { buttonClassName } from '../../ui/Button.tsx'
import { Logo } from '../../ui/Logo.tsx'
import { PageLoader, Spinner } from '../../ui/Spinner.tsx'
import { useSession } from '../auth/index.ts'
import { LoadError } from '../errors/index.ts'
import {
  flattenPosts,
  homeHistoryKey,
  PostList,
  PostSkeleton,
  useHomeFeed,
  useSuggestedCreators,
  useViewerId,
  viewHistory,
} from '../posts/index.ts'
import { profilePath } from '../profile/index.ts'
import { EmptyFeed } from './EmptyFeed.tsx'
import { shouldRefresh } from './pull-rules.ts'
import { SuggestedList, SuggestedStrip } from './SuggestedCreators.tsx'
import { usePullToRefresh } from './use-pull-to-refresh.ts'
import './home.css'

/**
 * /home: the feed of the creators the viewer follows or is a member of, newest first, with the suggested
 * creators (a strip on phones, a side panel on desktop). Long sessions stay light (a virtualized list);
 * coming back restores the exact scroll position; pull down or the refresh button loads what is new.
 */
export function HomeScreen() {
  const session = useSession()
  const client = useQueryClient()
  const viewerId = useViewerId()
  const historyKey = homeHistoryKey(viewerId ?? 0)
  const [generation, setGeneration] = useState(0)
  const [leaving, setLeaving] = useState(false)
  const feed = useHomeFeed(viewerId, historyKey)
  const suggested = useSuggestedCreators(viewerId)
  const screen = useRef<HTMLDivElement>(null)
  const account = session.kind === 'account' ? session.user : null
  const name = account ? (account.nickname ?? account.user_name ?? 'Me') : 'Guest'
  const posts = flattenPosts(feed.data)
  const suggestions = suggested.data?.list ?? []

  /** Back to the newest posts: the position and loaded pages are forgotten, the first page fetched again. */
  const refresh = useCallback(async () => {
    if (viewerId === null) return
    viewHistory.forget(historyKey)
    // The list (and the query's starting data) must drop the history before the reset reads it.
    flushSync(() => setGeneration((value) => value + 1))
    window.scrollTo({ top: 0, behavior: 'instant' })
    await Promise.all([
      client.resetQueries({ queryKey: feedKeys.home(viewerId) }),
      client.invalidateQueries({ queryKey: feedKeys.suggested(viewerId) }),
    ])
  }, [client, viewerId, historyKey])
  const pull = usePullToRefresh(refresh, viewerId !== null)
  const refreshing = pull.refreshing || (feed.isRefetching && !feed.isFetchingNextPage)

  // Someone new followed from an empty feed: their posts are what the viewer is waiting for.
  const onFollowed = useCallback(() => {
    if (posts.length === 0) void refresh()
  }, [posts.length, refresh])
  const barHeight = useCallback(
    () => screen.current?.querySelector<HTMLElement>('.v-topbar')?.offsetHeight ?? 0,
    [],
  )

  // The session is cleared at once and /login opens 500 ms later (spec §4): show that, not a guest.
  if (leaving) return <PageLoader label="Logging out" />

  let body = <PostSkeleton count={2} />
  if (posts.length > 0) {
    body = (
      <>
        {suggestions.length > 0 && viewerId !== null ? (
          <section className="v-home__strip" aria-labelledby="suggested-strip-title">
            <h2 id="suggested-strip-title" className="v-home__section-title">
              Suggested creators
            </h2>
            <SuggestedStrip list={suggestions} viewerId={viewerId} onFollowed={onFollowed} />
          </section>
        ) : null}
        <PostList key={generation} posts={posts} query={feed} historyKey={historyKey} stickyTop={barHeight} />
      </>
    )
  } else if (feed.isError) {
    body = <LoadError error={feed.error} onRetry={() => void feed.refetch()} />
  } else if (feed.isSuccess) {
    body = (
      <EmptyFeed
        account={account}
        suggestions={suggested}
        viewerId={viewerId ?? 0}
        onFollowed={onFollowed}
        onLeave={() => setLeaving(true)}
      />
    )
  }

  return (
    <div ref={screen} className="v-app v-home">
      <header className="v-topbar">
        <Link to="/home" className="v-topbar__brand" aria-label="Velvet home">
          <Logo size="sm" />
        </Link>
        <span className="v-topbar__end">
          <button
            type="button"
            className="v-icon-button v-home__refresh"
            aria-label="Refresh feed"
            data-spinning={refreshing || undefined}
            disabled={viewerId === null}
            onClick={() => void refresh()}
          >
            <RotateCw aria-hidden="true" />
          </button>
          {account?.user_name ? (
            <Link to={profilePath(account.user_name)} className="v-topbar__me">
              <span className="v-topbar__name">{name}</span>
              <Avatar src={account.portrait} name={name} size="sm" decorative />
            </Link>
          ) : (
            <span className="v-topbar__me">
              <span className="v-topbar__name">{name}</span>
              <Avatar src={account?.portrait} name={name} size="sm" decorative anonymous={!account} />
            </span>
          )}
        </span>
      </header>

      <div className="v-pull" style={{ height: refreshing ? 48 : pull.distance }} aria-hidden="true">
        {refreshing ? (
          <Spinner size="sm" label="Refreshing" />
        ) : (
          <ArrowDown data-ready={shouldRefresh(pull.distance) || undefined} />
        )}
      </div>

      <main className="v-feed" aria-labelledby="home-title">
        <h1 id="home-title" className="v-visually-hidden">
          Home
        </h1>
        {account ? null : (
          <section className="v-card v-join" aria-labelledby="join-title">
            <h2 id="join-title" className="v-join__title">
              Join Velvet
            </h2>
            <p className="v-join__text">
              Create an account to follow creators, subscribe and send messages. It takes a minute.
            </p>
            <Link to="/login" className={buttonClassName({ block: true })}>
              <LogIn aria-hidden="true" />
              Sign up / Log in
            </Link>
          </section>
        )}
        {body}
      </main>

      {posts.length > 0 && suggestions.length > 0 && viewerId !== null ? (
        <aside className="v-home__side" aria-labelledby="suggested-side-title">
          <h2 id="suggested-side-title" className="v-home__section-title">
            Suggested creators
          </h2>
          <SuggestedList list={suggestions} viewerId={viewerId} onFollowed={onFollowed} />
        </aside>
      ) : null}
    </div>
  )
}
