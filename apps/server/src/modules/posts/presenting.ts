import type { Post } from '@velvet/contract'
import type { PostAccess } from '../entitlements/policy.ts'
import type { GatedPost } from '../entitlements/service.ts'
import type { MediaRecord, MediaService } from '../media/types.ts'
import { type Cursor, encodeCursor } from '../social/cursor.ts'
import { presentPost } from './presenters.ts'
import type { PostRow } from './rows.ts'

/** The facts of a row the entitlements service decides on. */
export function gatedOf(row: PostRow): GatedPost {
  return {
    id: row.id,
    authorId: row.authorId,
    visibility: row.visibility,
    authorGone: row.author.deletedAt !== null,
  }
}

/** `limit` rows of `rows` fetched with limit + 1: the extra row only says there is more. */
export function keysetPage<R extends { cursor: Cursor }>(rows: R[], limit: number) {
  const hasNext = rows.length > limit
  const shown = hasNext ? rows.slice(0, limit) : rows
  const last = shown.at(-1)
  return { rows: shown, cursor: hasNext && last ? encodeCursor(last.cursor) : null, has_next: hasNext }
}

/** Presents rows for one viewer with ONE media lookup for the whole page. */
export function createPostPresenting(deps: {
  media: Pick<MediaService, 'findMany' | 'urlsFor'>
  portraitUrl: (key: string) => string
}) {
  const { media, portraitUrl } = deps
  const urlsFor: MediaService['urlsFor'] = (record, viewer) => media.urlsFor(record, viewer)

  /** The media records of these rows, in one lookup (a page's lookups can run beside it). */
  async function mediaOf(rows: PostRow[]): Promise<Map<number, MediaRecord>> {
    const ids = [...new Set(rows.flatMap((row) => row.media.map((ref) => ref.mediaId)))]
    return ids.length > 0 ? media.findMany(ids) : new Map()
  }

  /** Presents rows with media records already looked up (`mediaOf`). */
  function presentWith(
    viewerId: number,
    rows: PostRow[],
    records: Map<number, MediaRecord>,
    accessOf: (row: PostRow) => PostAccess,
  ): Post[] {
    return rows.map((row) =>
      presentPost(row, { viewerId, access: accessOf(row), media: records, urlsFor, portraitUrl }),
    )
  }

  async function present(viewerId: number, rows: PostRow[], accessOf: (row: PostRow) => PostAccess) {
    return presentWith(viewerId, rows, await mediaOf(rows), accessOf)
  }

  return {
    mediaOf,
    presentWith,
    present,
    /** The author's own posts: always open. */
    presentOwn: (viewerId: number, rows: PostRow[]) => present(viewerId, rows, () => ({ open: true })),
  }
}

export type PostPresenting = ReturnType<typeof createPostPresenting>
