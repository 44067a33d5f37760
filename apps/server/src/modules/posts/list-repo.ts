import { PostState } from '@velvet/contract'
import { and, asc, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm'
import { type AnyPgColumn, alias, union } from 'drizzle-orm/pg-core'
import type { Db } from '../../platform/db.ts'
import { users } from '../auth/schema.ts'
import { memberCreatorAuthorIds, memberCreatorsWithEnd } from '../entitlements/conditions.ts'
import { followeeAuthorIds, followeesWithoutEnd, notBlockedWith } from '../social/conditions.ts'
import type { Cursor } from '../social/cursor.ts'
import { type SuggestedRow, suggestedCreators } from '../social/read-models.ts'
import { authorJoin, cursorText, normaliseRow, type PostRow, postColumns } from './rows.ts'
import { posts } from './schema.ts'

/** A post of a list with its keyset position. */
export type ListedPost = PostRow & { cursor: Cursor }

const published = and(eq(posts.state, PostState.Published), isNull(posts.deletedAt))

function listed(rows: Array<PostRow & { at: string }>): ListedPost[] {
  return rows.map(({ at, ...row }) => ({ ...normaliseRow(row), cursor: { at, id: row.id } }))
}

/**
 * Descending as the indexes are built (drizzle-kit writes DESC NULLS LAST; a plain DESC means NULLS FIRST
 * and would keep PostgreSQL from reading the index in order).
 */
function newestFirst(column: AnyPgColumn): SQL {
  return sql`${column} desc nulls last`
}

/** Rows after `cursor` in (time DESC, id DESC) order. */
function before(time: AnyPgColumn, id: AnyPgColumn, cursor: Cursor | null) {
  return cursor ? sql`(${time}, ${id}) < (${cursor.at}::timestamptz, ${cursor.id}::bigint)` : undefined
}

/** Rows after `cursor` in (time ASC, id ASC) order. */
function after(time: AnyPgColumn, id: AnyPgColumn, cursor: Cursor | null) {
  return cursor ? sql`(${time}, ${id}) > (${cursor.at}::timestamptz, ${cursor.id}::bigint)` : undefined
}

/** A creator's published posts, of a live account, narrowed by `filter` (the grid and its pinned row). */
function publishedBy(authorId: number, filter: SQL | undefined) {
  return and(eq(posts.authorId, authorId), published, isNull(users.deletedAt), filter)
}

/**
 * The home feed (fan-out on read) as a named prepared statement: published posts of the creators the viewer
 * follows or is a live member of, and the viewer's own, newest first. Each creator's newest `limit` posts after
 * the cursor come from posts_author_published_idx (a LATERAL per creator), so a page costs creators x limit
 * index rows however many posts they have; the outer query merges them and keeps `limit`. Parameters:
 * viewerId, now and (next pages) cursorAt, cursorId.
 */
function feedQuery(db: Db, afterCursor: boolean, pageLimit: number) {
  const viewerId = sql.placeholder('viewerId')
  // liveMembership binds `now` as a parameter: the placeholder stands in for the Date.
  const now = sql.placeholder('now') as unknown as Date
  // The limit is part of the statement (at most 101 of them): with LIMIT $n PostgreSQL's generic plan is
  // costed for 10% of the rows, so it would re-plan every execution (planning costs more than running).
  if (!Number.isSafeInteger(pageLimit) || pageLimit < 1) throw new Error(`bad feed limit ${pageLimit}`)
  const limit = sql.raw(String(pageLimit)) as unknown as number
  const followed = followeeAuthorIds(db, viewerId)
  const memberOf = memberCreatorAuthorIds(db, viewerId, now)
  const self = db
    .select({ authorId: sql<number>`${users.id}`.as('author_id') })
    .from(users)
    .where(eq(users.id, viewerId))
  const authors = union(followed, memberOf, self).as('feed_authors')

  const candidate = alias(posts, 'candidate')
  const newest = db
    .select({ id: candidate.id, publishedAt: candidate.publishedAt })
    .from(candidate)
    .where(
      and(
        // Qualified by hand: Drizzle renders a union's column unqualified, which would bind to candidate.
        sql`${candidate.authorId} = "feed_authors"."author_id"`,
        // A literal, not a parameter: a generic plan uses the partial index only when it sees `state = 2`.
        sql`${candidate.state} = ${sql.raw(String(PostState.Published))}`,
        isNull(candidate.deletedAt),
        afterCursor
          ? sql`(${candidate.publishedAt}, ${candidate.id}) < (${sql.placeholder('cursorAt')}::timestamptz, ${sql.placeholder('cursorId')}::bigint)`
          : undefined,
      ),
    )
    .orderBy(newestFirst(candidate.publishedAt), newestFirst(candidate.id))
    .limit(limit)
    .as('newest')
  // Per creator (a LATERAL, so an index probe each): not deleted, not blocked either way.
  const reachable = db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        sql`${users.id} = "feed_authors"."author_id"`,
        isNull(users.deletedAt),
        notBlockedWith(viewerId, users.id),
      ),
    )
    .as('reachable')
  // The page's ids first (a LIMIT in a subquery): the posts' columns are read for `limit` rows only.
  const page = db
    .select({ id: newest.id, publishedAt: newest.publishedAt })
    .from(authors)
    .crossJoinLateral(reachable)
    .crossJoinLateral(newest)
    .orderBy(newestFirst(newest.publishedAt), newestFirst(newest.id))
    .limit(limit)
    .as('page')

  return db
    .select({ ...postColumns(viewerId), at: cursorText(posts.publishedAt) })
    .from(page)
    .innerJoin(posts, eq(posts.id, page.id))
    .innerJoin(users, authorJoin)
    .orderBy(newestFirst(page.publishedAt), newestFirst(page.id))
    .prepare(`posts_feed_${afterCursor ? 'after' : 'first'}_${pageLimit}`)
}

type FeedQuery = ReturnType<typeof feedQuery>

/**
 * The list queries of posts: the home feed, a creator's grid, the composer's drafts and scheduled posts,
 * and suggested creators. Each page is one statement (media ids and the viewer's like come along).
 */
export function createPostListRepo(db: Db) {
  // The home feed runs on every visit of the home page: prepared once per (first page or next, limit).
  const feedQueries = new Map<string, FeedQuery>()

  /** The author's own posts in one state (drafts, scheduled), keyset-paged on `list.time`. */
  async function ownPage(
    authorId: number,
    list: { state: PostState; time: AnyPgColumn; soonestFirst: boolean },
    cursor: Cursor | null,
    limit: number,
  ): Promise<ListedPost[]> {
    const { state, time, soonestFirst } = list
    const rows = await db
      .select({ ...postColumns(authorId), at: cursorText(time) })
      .from(posts)
      .innerJoin(users, authorJoin)
      .where(
        and(
          eq(posts.authorId, authorId),
          eq(posts.state, state),
          isNull(posts.deletedAt),
          soonestFirst ? after(time, posts.id, cursor) : before(time, posts.id, cursor),
        ),
      )
      .orderBy(...(soonestFirst ? [asc(time), asc(posts.id)] : [newestFirst(time), newestFirst(posts.id)]))
      .limit(limit)
    return listed(rows)
  }

  return {
    /**
     * The home feed (fan-out on read): published posts of the creators the viewer follows or is a live
     * member of, and the viewer's own, newest first. Each creator's newest `limit` posts after the cursor
     * come from posts_author_published_idx (a LATERAL per creator), so a page costs creators x limit index
     * rows however many posts they have; the outer query merges them and keeps `limit`.
     */
    async feedPage(viewerId: number, cursor: Cursor | null, limit: number, now: Date): Promise<ListedPost[]> {
      const key = `${cursor ? 'after' : 'first'}_${limit}`
      let query = feedQueries.get(key)
      if (!query) {
        query = feedQuery(db, cursor !== null, limit)
        feedQueries.set(key, query)
      }
      return listed(await query.execute({ viewerId, now, cursorAt: cursor?.at, cursorId: cursor?.id }))
    },

    /**
     * Whose posts the viewer's home feed shows (besides the viewer's own): the creators followed and those the
     * viewer is a live member of, and the moment the first of those memberships ends (null: none).
     */
    async feedAuthors(viewerId: number, now: Date): Promise<{ ids: number[]; firstEnd: Date | null }> {
      const followed = followeesWithoutEnd(db, viewerId)
      const member = memberCreatorsWithEnd(db, viewerId, now)
      const rows = await followed.unionAll(member)
      let firstEnd: number | null = null
      for (const row of rows) {
        if (row.until === null) continue
        const end = Number(row.until)
        if (firstEnd === null || end < firstEnd) firstEnd = end
      }
      return {
        ids: rows.map((row) => Number(row.id)),
        firstEnd: firstEnd === null ? null : new Date(firstEnd),
      }
    },

    /**
     * A creator's published posts for the grid, newest first, not pinned (pinned ones come from
     * `pinnedOf`). `filter` narrows (photos, videos, locked for the viewer).
     */
    async authorPage(
      authorId: number,
      viewerId: number,
      page: { cursor: Cursor | null; limit: number; filter: SQL | undefined },
    ): Promise<ListedPost[]> {
      const rows = await db
        .select({ ...postColumns(viewerId), at: cursorText(posts.publishedAt) })
        .from(posts)
        .innerJoin(users, authorJoin)
        .where(
          and(
            publishedBy(authorId, page.filter),
            isNull(posts.pinnedAt),
            before(posts.publishedAt, posts.id, page.cursor),
          ),
        )
        .orderBy(newestFirst(posts.publishedAt), newestFirst(posts.id))
        .limit(page.limit)
      return listed(rows)
    },

    /** A creator's pinned posts (at most Posts.pinnedMax), last pinned first. */
    async pinnedOf(authorId: number, viewerId: number, filter: SQL | undefined): Promise<PostRow[]> {
      const rows = await db
        .select(postColumns(viewerId))
        .from(posts)
        .innerJoin(users, authorJoin)
        .where(and(publishedBy(authorId, filter), isNotNull(posts.pinnedAt)))
        .orderBy(newestFirst(posts.pinnedAt), newestFirst(posts.id))
      return rows.map(normaliseRow)
    },

    /** The author's drafts, last edited first. */
    drafts(authorId: number, cursor: Cursor | null, limit: number): Promise<ListedPost[]> {
      return ownPage(
        authorId,
        { state: PostState.Draft, time: posts.updatedAt, soonestFirst: false },
        cursor,
        limit,
      )
    },

    /** The author's scheduled posts, soonest first (keyset ascending). */
    scheduled(authorId: number, cursor: Cursor | null, limit: number): Promise<ListedPost[]> {
      return ownPage(
        authorId,
        { state: PostState.Scheduled, time: posts.publishAt, soonestFirst: true },
        cursor,
        limit,
      )
    },

    /** Creators to suggest to the viewer (social's counters and follow graph: social/read-models.ts). */
    suggestedCreators: (viewerId: number, limit: number): Promise<SuggestedRow[]> =>
      suggestedCreators(db, viewerId, limit),
  }
}

export type PostListRepo = ReturnType<typeof createPostListRepo>
