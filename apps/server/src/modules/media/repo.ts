import { and, eq, inArray } from 'drizzle-orm'
import type { Db } from '../../platform/db.ts'
import { media } from './schema.ts'
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

/** The media module's SQL (the only place that touches the media table). */
export function createMediaRepo(db: Db) {
  return {
    async findMany(ids: readonly number[]): Promise<MediaRow[]> {
      if (ids.length === 0) return []
      return db
        .select()
        .from(media)
        .where(inArray(media.id, [...ids]))
    },

    async findOwned(ownerId: number, ids: readonly number[]): Promise<MediaRow[]> {
      if (ids.length === 0) return []
      return db
        .select()
        .from(media)
        .where(and(eq(media.ownerId, ownerId), inArray(media.id, [...ids])))
    },
  }
}

export type MediaRepo = ReturnType<typeof createMediaRepo>
