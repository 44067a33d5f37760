import type { Post, PostsFilter, PublicProfile } from '@velvet/contract'
import { Coins, Crown, Film, ImageIcon, Layers, Lock, Pin, Play } from 'lucide-react'
import { type ReactNode, useLayoutEffect, useRef, useState } from 'react'
import { Link, useNavigationType } from 'react-router'
import { messageOf } from '../../lib/api/errors.ts'
import { EmptyState } from '../../ui/EmptyState.tsx'
import { LoadMore } from '../../ui/LoadMore.tsx'
import { LoadError } from '../errors/index.ts'
import {
  BlurredPreview,
  durationText,
  flattenPosts,
  MediaImage,
  type OwnSale,
  ownSaleOf,
  tileFacts,
  tileMediaOf,
  useFreshUrls,
  userPostsHistoryKey,
  userPostViewPath,
  useUserPosts,
  useViewerId,
} from '../posts/index.ts'
import '../../ui/Skeleton.css'
import './profile-posts-grid.css'

/** A tile is a third of the feed column. */
const TILE_SIZES = '(max-width: 430px) 34vw, 18vh'

const filters: { value: PostsFilter; label: string; icon: ReactNode }[] = [
  { value: 'all', label: 'All', icon: null },
  { value: 'photos', label: 'Photos', icon: <ImageIcon /> },
  { value: 'videos', label: 'Videos', icon: <Film /> },
  { value: 'locked', label: 'Locked', icon: <Lock /> },
]

const emptyFilter: Record<Exclude<PostsFilter, 'all'>, { title: string; text: string }> = {
  photos: { title: 'No photos yet', text: 'Posts with photos will show here.' },
  videos: { title: 'No videos yet', text: 'Posts with videos will show here.' },
  locked: { title: 'Nothing locked', text: 'You can already see every post here.' },
}

/** Where the page was scrolled when a tile opened, by grid (coming back puts it there again). */
const gridScroll = new Map<string, number>()

/**
 * On the creator's own paid post (nothing is locked for them): a lock with a crown for members and the
 * price in coins, in a corner, so the grid shows what each post sells for.
 */
export function OwnSaleMark({ sale }: { sale: OwnSale | null }) {
  if (!sale) return null
  return (
    <span className="v-tile__sale" aria-hidden="true">
      <Lock />
      {sale.members ? <Crown className="v-tile__members" /> : null}
      {sale.price !== null ? (
        <span className="v-tile__price">
          <Coins />
          {sale.price.toLocaleString('en-US')}
        </span>
      ) : null}
    </span>
  )
}

function Tile({ post, filter, onOpen }: { post: Post; filter: PostsFilter; onOpen: () => void }) {
  const onExpired = useFreshUrls(post)
  const media = tileMediaOf(post)
  const facts = tileFacts(post)
  const lock = post.lock
  return (
    <li>
      <Link
        to={userPostViewPath(post.author.user_id, post.post_id, filter)}
        className="v-tile"
        aria-label={facts.label}
        onClick={onOpen}
      >
        {media?.urls ? (
          <MediaImage
            images={media.urls.images}
            width={media.width}
            height={media.height}
            sizes={TILE_SIZES}
            onFail={onExpired}
          />
        ) : (
          <BlurredPreview preview={media?.preview ?? null} />
        )}
        <span className="v-tile__marks" aria-hidden="true">
          {post.pinned ? <Pin className="v-tile__pin" /> : <span />}
          {facts.multiple ? <Layers /> : null}
        </span>
        {lock ? (
          <span className="v-tile__lock" aria-hidden="true">
            <Lock />
            {lock.price === null ? (
              <Crown className="v-tile__members" />
            ) : (
              <span className="v-tile__price">
                <Coins />
                {lock.price.toLocaleString('en-US')}
              </span>
            )}
          </span>
        ) : null}
        <OwnSaleMark sale={ownSaleOf(post)} />
        {facts.duration !== null ? (
          <span className="v-tile__duration" aria-hidden="true">
            <Play />
            {durationText(facts.duration)}
          </span>
        ) : null}
      </Link>
    </li>
  )
}

/**
 * A creator's posts as a grid (pinned first with a pin mark, then newest) with filter chips: all, photos,
 * videos, and locked (for this viewer). Locked tiles show only the blurred preview with a lock and the
 * price; the creator's own paid posts show the lock and price in a corner; videos show their length. A tile opens the post viewer in this creator's posts.
 */
export function ProfilePostsGrid({ profile, empty }: { profile: PublicProfile; empty: ReactNode }) {
  const viewerId = useViewerId()
  const [filter, setFilter] = useState<PostsFilter>('all')
  const historyKey = userPostsHistoryKey(viewerId ?? 0, profile.user_id, filter)
  const query = useUserPosts(viewerId, profile.user_id, filter, historyKey)
  const posts = flattenPosts(query.data)
  const comingBack = useNavigationType() === 'POP'

  // Coming back from a post: the page where it was (the tiles are cached, so the height is the same).
  const restored = useRef(false)
  useLayoutEffect(() => {
    if (restored.current || posts.length === 0) return
    restored.current = true
    const top = gridScroll.get(historyKey)
    if (comingBack && top !== undefined) window.scrollTo({ top, behavior: 'instant' })
  })
  const remember = () => gridScroll.set(historyKey, window.scrollY)

  let body: ReactNode = <GridSkeleton />
  if (posts.length > 0) {
    body = (
      <>
        <ul className="v-grid" aria-busy={query.isFetching || undefined}>
          {posts.map((post) => (
            <Tile key={post.post_id} post={post} filter={filter} onOpen={remember} />
          ))}
        </ul>
        <LoadMore
          pages={query}
          errorMessage={messageOf(query.error)}
          loadingLabel="Loading more posts"
          rootMargin="400px 0px"
          showMoreButton={false}
          className="v-grid-more"
        />
      </>
    )
  } else if (query.isError) {
    body = <LoadError error={query.error} onRetry={() => void query.refetch()} />
  } else if (query.isSuccess) {
    body =
      filter === 'all' ? (
        empty
      ) : (
        <EmptyState
          variant="compact"
          icon={<ImageIcon />}
          title={emptyFilter[filter].title}
          text={emptyFilter[filter].text}
        />
      )
  }

  return (
    <>
      <fieldset className="v-grid-filters">
        <legend className="v-visually-hidden">Show posts</legend>
        {filters
          .filter((option) => option.value !== 'locked' || !profile.is_self)
          .map((option) => (
            <button
              key={option.value}
              type="button"
              className="v-chip"
              aria-pressed={filter === option.value}
              onClick={() => setFilter(option.value)}
            >
              {option.icon}
              {option.label}
            </button>
          ))}
      </fieldset>
      {body}
    </>
  )
}

function GridSkeleton() {
  return (
    <ul className="v-grid" aria-hidden="true">
      {Array.from({ length: 6 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholder tiles
        <li key={i}>
          <span className="v-tile v-skel" />
        </li>
      ))}
    </ul>
  )
}
