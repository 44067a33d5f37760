import { CalendarClock, FileText, SquarePen } from 'lucide-react'
import { Link, NavLink } from 'react-router'
import { messageOf } from '../../lib/api/index.ts'
import { buttonClassName } from '../../ui/Button.tsx'
import { confirm } from '../../ui/confirm-store.ts'
import { EmptyState } from '../../ui/EmptyState.tsx'
import { LoadMore } from '../../ui/LoadMore.tsx'
import { ScreenBar } from '../../ui/ScreenBar.tsx'
import { toast } from '../../ui/toast-store.ts'
import { AccountOnly } from '../auth/index.ts'
import { LoadError } from '../errors/index.ts'
import { OwnPostRow, type OwnPostsKind } from './OwnPostRow.tsx'
import { PublishPath } from './paths.ts'
import { useDeletePost, useOwnPosts } from './publish.queries.ts'
import '../../ui/Skeleton.css'
import './publish.css'

const TEXTS = {
  drafts: {
    title: 'Drafts',
    emptyTitle: 'No drafts',
    emptyText: 'Posts you save for later wait here until you publish them.',
    confirmTitle: 'Delete this draft?',
    deleted: 'Draft deleted',
  },
  scheduled: {
    title: 'Scheduled posts',
    emptyTitle: 'Nothing scheduled',
    emptyText: 'Schedule a post and it publishes by itself at the time you pick.',
    confirmTitle: 'Delete this scheduled post?',
    deleted: 'Scheduled post deleted',
  },
} as const

/** Drafts | Scheduled, as two links (each list has its own address, spec §2). */
function Tabs() {
  return (
    <nav className="v-own-tabs" aria-label="Your posts in the making">
      <NavLink to={PublishPath.drafts} className="v-own-tabs__tab" end>
        <FileText aria-hidden="true" /> Drafts
      </NavLink>
      <NavLink to={PublishPath.schedule} className="v-own-tabs__tab" end>
        <CalendarClock aria-hidden="true" /> Scheduled
      </NavLink>
    </nav>
  )
}

function RowsSkeleton() {
  return (
    <ul className="v-own-list" role="status" aria-label="Loading">
      {[0, 1, 2].map((index) => (
        <li key={index} className="v-own v-own--skeleton" aria-hidden="true">
          <span className="v-skel v-own__thumb" />
          <span className="v-own__text">
            <span className="v-skel v-skel--line" />
            <span className="v-skel v-skel--thin" />
          </span>
        </li>
      ))}
    </ul>
  )
}

function OwnPosts({ kind }: { kind: OwnPostsKind }) {
  const query = useOwnPosts(kind)
  const remove = useDeletePost()
  const texts = TEXTS[kind]
  const now = Math.floor(Date.now() / 1000)
  const posts = query.data?.pages.flatMap((page) => page.list) ?? []

  const onDelete = async (postId: number) => {
    const ok = await confirm({
      title: texts.confirmTitle,
      message: 'It is gone for good, with its caption and settings. Your uploaded files stay in other posts.',
      confirmLabel: 'Delete',
      tone: 'danger',
    })
    if (!ok) return
    try {
      await remove.mutateAsync(postId)
      toast.success(texts.deleted)
    } catch (error) {
      toast.error(messageOf(error))
    }
  }

  const newPost = (
    <Link to={PublishPath.compose} className={buttonClassName({ size: 'md' })}>
      <SquarePen aria-hidden="true" className="v-own-new__icon" /> New post
    </Link>
  )

  return (
    <div className="v-screen v-own-screen">
      <ScreenBar title={texts.title} fallback={PublishPath.compose} />
      <Tabs />
      <main className="v-own-body">
        {query.isPending ? (
          <RowsSkeleton />
        ) : query.isError ? (
          <LoadError error={query.error} onRetry={() => void query.refetch()} />
        ) : posts.length === 0 ? (
          <EmptyState
            icon={kind === 'drafts' ? <FileText /> : <CalendarClock />}
            title={texts.emptyTitle}
            text={texts.emptyText}
            action={newPost}
          />
        ) : (
          <>
            <ul className="v-own-list" aria-label={texts.title} aria-busy={query.isFetching || undefined}>
              {posts.map((post) => (
                <OwnPostRow
                  key={post.post_id}
                  post={post}
                  kind={kind}
                  nowSeconds={now}
                  onDelete={() => void onDelete(post.post_id)}
                />
              ))}
            </ul>
            <LoadMore pages={query} errorMessage={messageOf(query.error)} />
          </>
        )}
      </main>
    </div>
  )
}

/** /publish/drafts: the creator's drafts, last edited first. */
export function DraftsScreen() {
  return <AccountOnly>{() => <OwnPosts kind="drafts" />}</AccountOnly>
}

/** /publish/schedule: the creator's scheduled posts, soonest first. */
export function ScheduledScreen() {
  return <AccountOnly>{() => <OwnPosts kind="scheduled" />}</AccountOnly>
}
