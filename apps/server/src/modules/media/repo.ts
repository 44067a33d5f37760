import { MediaState } from '@velvet/contract'
import { and, asc, eq, inArray, lt, ne, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../platform/db.ts'
import { type MediaFiles, media } from './schema.ts'
import type { MediaRecord } from './types.ts'

export type MediaRow = typeof media.$inferSelect

export function toRecord(row: MediaRow): MediaRecord {
  return {
    id: row.id,
    ownerId: row.ownerId,
    kind: row.kind,
    state: row.state,
    size: row.size,
    error: row.error,
    width: row.width,
    height: row.height,
    durationMs: row.durationMs,
    preview: row.preview,
    files: row.files,
  }
}

export interface NewUpload {
  ownerId: number
  kind: 'image' | 'video'
  md5: string
  size: number
  mime: string
  originalName: string
  createdAt: Date
}

export interface ProcessedMedia {
  files: MediaFiles
  width: number
  height: number
  durationMs: number | null
  preview: string
  readyAt: Date
}

/** Media rows by id: a feed page's lookup, so a named prepared statement (parsed and planned once per connection). */
function prepareFindMany(db: Db) {
  return db
    .select()
    .from(media)
    .where(sql`${media.id} = any(${sql.placeholder('ids')}::bigint[])`)
    .prepare('media_find_many')
}

/** The media module's SQL (the only place that touches the media table). */
export function createMediaRepo(db: Db) {
  let findManyQuery: ReturnType<typeof prepareFindMany> | undefined
  return {
    transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
      return db.transaction(work)
    },

    async findMany(ids: readonly number[]): Promise<MediaRow[]> {
      if (ids.length === 0) return []
      findManyQuery ??= prepareFindMany(db)
      return findManyQuery.execute({ ids: [...ids] })
    },

    async findOwned(ownerId: number, ids: readonly number[]): Promise<MediaRow[]> {
      if (ids.length === 0) return []
      return db
        .select()
        .from(media)
        .where(and(eq(media.ownerId, ownerId), inArray(media.id, [...ids])))
    },

    async findById(id: number): Promise<MediaRow | undefined> {
      const [row] = await db.select().from(media).where(eq(media.id, id))
      return row
    },

    async findByUploadId(uploadId: string): Promise<MediaRow | undefined> {
      const [row] = await db.select().from(media).where(eq(media.uploadId, uploadId))
      return row
    },

    /** The owner's live (not failed) media with these bytes: the unique key of spec §5's md5 rule. */
    async findSameFile(ownerId: number, md5: string, size: number): Promise<MediaRow | undefined> {
      const [row] = await db
        .select()
        .from(media)
        .where(
          and(
            eq(media.ownerId, ownerId),
            eq(media.md5, md5),
            eq(media.size, size),
            ne(media.state, MediaState.Failed),
          ),
        )
      return row
    },

    /** Inserts an upload in state 0; throws a unique violation when the owner has this file already. */
    async insertUpload(upload: NewUpload): Promise<MediaRow> {
      const [row] = await db
        .insert(media)
        .values({ ...upload, state: MediaState.Uploading })
        .returning()
      if (!row) throw new Error('media insert returned nothing')
      return row
    },

    /** Points an uploading media at its resumable upload; false when it is no longer uploading. */
    async bindUpload(id: number, uploadId: string): Promise<boolean> {
      const rows = await db
        .update(media)
        .set({ uploadId })
        .where(and(eq(media.id, id), eq(media.state, MediaState.Uploading)))
        .returning({ id: media.id })
      return rows.length === 1
    },

    /** Uploaded and checked: processing starts (inside the caller's transaction, with its job). */
    async startProcessing(tx: Tx, id: number, mime: string): Promise<boolean> {
      const rows = await tx
        .update(media)
        .set({ state: MediaState.Processing, mime, error: null })
        .where(and(eq(media.id, id), eq(media.state, MediaState.Uploading)))
        .returning({ id: media.id })
      return rows.length === 1
    },

    /** Fails a media that is still in one of `from` states; answers whether it did. */
    async fail(id: number, error: string, from: readonly number[]): Promise<boolean> {
      const rows = await db
        .update(media)
        .set({ state: MediaState.Failed, error })
        .where(and(eq(media.id, id), inArray(media.state, [...from])))
        .returning({ id: media.id })
      return rows.length === 1
    },

    async complete(id: number, done: ProcessedMedia): Promise<boolean> {
      const rows = await db
        .update(media)
        .set({
          state: MediaState.Ready,
          files: done.files,
          width: done.width,
          height: done.height,
          durationMs: done.durationMs,
          preview: done.preview,
          readyAt: done.readyAt,
          error: null,
        })
        .where(and(eq(media.id, id), eq(media.state, MediaState.Processing)))
        .returning({ id: media.id })
      return rows.length === 1
    },

    /** Uploads begun before `before` and never finished, oldest first. */
    async findStaleUploads(before: Date, limit: number): Promise<MediaRow[]> {
      return db
        .select()
        .from(media)
        .where(and(eq(media.state, MediaState.Uploading), lt(media.createdAt, before)))
        .orderBy(asc(media.createdAt))
        .limit(limit)
    },
  }
}

export type MediaRepo = ReturnType<typeof createMediaRepo>
