import { homeFeed, PostState, Posts, type PostsFilter, suggestedCreators } from '@velvet/contract'
import { gt, type SQL } from 'drizzle-orm'
import type { Clock } from '../../platform/clock.ts'
import { AppError } from '../../platform/errors.ts'
import { SerializedData, type Viewer } from '../../platform/http.ts'
import type { PostAccess } from '../entitlements/policy.ts'
import type { EntitlementService } from '../entitlements/service.ts'
import { decodeCursor } from '../social/cursor.ts'
import type { AnswerCache } from './answer-cache.ts'
import type { ListedPost, PostListRepo } from './list-repo.ts'
import { presentSuggested } from './presenters.ts'
import { gatedOf, keysetPage, type PostPresenting } from './presenting.ts'
import type { PostsRepo } from './repo.ts'
import type { PostRow } from './rows.ts'
import { posts } from './schema.ts'

export interface PostViewServiceDeps {
  repo: Pick<PostsRepo, 'postById'>
  lists: PostListRepo
  entitlements: Pick<
    EntitlementService,
    'accessOne' | 'accessMany' | 'reachableAuthors' | 'reachAuthor' | 'lockedForViewer'
  >
  presenting: PostPresenting
  clock: Clock
  portraitUrl: (key: string) => string
  /** First home feed pages and suggested creators kept per viewer (answer-cache.ts); without, all is read. */
  cached?: { feed: AnswerCache; suggested: AnswerCache }
}

interface PageInput {
  cursor?: string | undefined
  limit: number
}

/** Reading posts: one post, a creator's grid, the home feed and suggested creators. */
export function createPostViewService(deps: PostViewServiceDeps) {
  const { repo, lists, entitlements, presenting, clock, portraitUrl, cached } = deps

  /**
   * A post the viewer can reach (drafts and scheduled posts only for their author), with its access.
   * 404 when it does not exist for the viewer, 30023 from a blocked location.
   */
  async function reach(
    viewerId: number,
    postId: number,
    ip: string,
  ): Promise<{ row: PostRow; access: PostAccess }> {
    const row = await repo.postById(postId, viewerId)
    if (!row || (row.state !== PostState.Published && row.authorId !== viewerId)) {
      throw new AppError('PostNotFound')
    }
    return { row, access: await entitlements.accessOne(viewerId, gatedOf(row), ip) }
  }

  /** A page of listed posts with what presenting it for the viewer needs from the database. */
  async function readPage(viewerId: number, rows: ListedPost[], limit: number, ip: string, lead: PostRow[]) {
    const page = keysetPage(rows, limit)
    const all = [...lead, ...page.rows]
    // Three independent lookups at once (each its own pooled connection): which authors the request may
    // see from where it comes, what the viewer holds, and the media. Rows of an unreachable author are
    // dropped afterwards; their access and media were looked up for nothing, which is harmless.
    const [reachable, access, media] = await Promise.all([
      entitlements.reachableAuthors(
        viewerId,
        all.map((row) => row.authorId),
        ip,
      ),
      entitlements.accessMany(viewerId, all.map(gatedOf)),
      presenting.mediaOf(all),
    ])
    return { all, reachable, access, media, cursor: page.cursor, has_next: page.has_next }
  }

  /** Presents a read page for the viewer: media urls are signed here, for this viewer, on every answer. */
  function presentRead(viewerId: number, read: Awaited<ReturnType<typeof readPage>>) {
    const { all, reachable, access, media } = read
    const shown = all.filter((row) => reachable.has(row.authorId))
    const list = presenting.presentWith(viewerId, shown, media, (row) => access.get(row.id) ?? LOCKED)
    return { list, cursor: read.cursor, has_next: read.has_next }
  }

  /** Presents a page of listed posts whose authors the request may see from where it comes. */
  async function presentPage(
    viewer: Viewer,
    rows: ListedPost[],
    limit: number,
    ip: string,
    lead: PostRow[] = [],
  ) {
    return presentRead(viewer.userId, await readPage(viewer.userId, rows, limit, ip, lead))
  }

  function filterOf(filter: PostsFilter, viewerId: number, isMember: boolean): SQL | undefined {
    if (filter === 'photos') return gt(posts.images, 0)
    if (filter === 'videos') return gt(posts.videos, 0)
    if (filter === 'locked') return entitlements.lockedForViewer(viewerId, isMember, posts)
    return undefined
  }

  return {
    reach,

    async detail(viewer: Viewer, postId: number, ip: string) {
      const { row, access } = await reach(viewer.userId, postId, ip)
      const [post] = await presenting.present(viewer.userId, [row], () => access)
      if (!post) throw new AppError('PostNotFound')
      return { post }
    },

    /** A creator's published posts: pinned first (on the first page), then newest first. */
    async userPosts(viewer: Viewer, input: PageInput & { user_id: number; filter: PostsFilter }, ip: string) {
      const { listed, isMember } = await entitlements.reachAuthor(viewer.userId, input.user_id, ip)
      if (!listed) return { list: [], cursor: null, has_next: false }
      const filter = filterOf(input.filter, viewer.userId, isMember)
      const cursor = decodeCursor(input.cursor)
      const [pinned, rows] = await Promise.all([
        cursor ? [] : lists.pinnedOf(input.user_id, viewer.userId, filter),
        lists.authorPage(input.user_id, viewer.userId, { cursor, limit: input.limit + 1, filter }),
      ])
      return presentPage(viewer, rows, input.limit, ip, pinned)
    },

    /** Posts of followed and subscribed creators (and the viewer's own), newest first. */
    async homeFeed(viewer: Viewer, input: PageInput, ip: string) {
      const cursor = decodeCursor(input.cursor)
      if (cursor || !cached) {
        const rows = await lists.feedPage(viewer.userId, cursor, input.limit + 1, clock.now())
        return presentPage(viewer, rows, input.limit, ip)
      }
      // The first page is what every visit of the home screen reads: its answer, signed media urls included,
      // is kept per viewer, page size and address (blocked places depend on it).
      return cached.feed.get(`${viewer.userId}:${input.limit}:${ip}`, async () => {
        const now = clock.now()
        const [rows, authors] = await Promise.all([
          lists.feedPage(viewer.userId, null, input.limit + 1, now),
          lists.feedAuthors(viewer.userId, now),
        ])
        const read = await readPage(viewer.userId, rows, input.limit, ip, [])
        return {
          value: SerializedData.of(homeFeed, presentRead(viewer.userId, read)),
          users: [viewer.userId, ...authors.ids],
          endsAt: authors.firstEnd,
        }
      })
    },

    /** Creators to follow; the home screen asks on every visit, so the answer is kept per viewer and address. */
    async suggested(viewer: Viewer, ip: string) {
      const read = async () => {
        const rows = await lists.suggestedCreators(viewer.userId, Posts.suggestedCreators)
        const reachable = await entitlements.reachableAuthors(
          viewer.userId,
          rows.map((row) => row.id),
          ip,
        )
        const shown = rows.filter((row) => reachable.has(row.id))
        return {
          value: SerializedData.of(suggestedCreators, {
            list: shown.map((row) => presentSuggested(row, portraitUrl)),
          }),
          // Following, blocking or leaving ends it (the viewer's or the creator's change); a creator new to
          // the list, or others' follower counts, show at the entry's end.
          users: [viewer.userId, ...shown.map((row) => row.id)],
          endsAt: null,
        }
      }
      return cached ? cached.suggested.get(`${viewer.userId}:${ip}`, read) : (await read()).value
    },
  }
}

/** A post the entitlements service did not decide on stays locked (fail closed). */
const LOCKED: PostAccess = { open: false, reason: 'members' }

export type PostViewService = ReturnType<typeof createPostViewService>
