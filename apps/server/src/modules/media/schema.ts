import { sql } from 'drizzle-orm'
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { users } from '../auth/schema.ts'

/** Storage keys of a processed media item's files (each key is under the storage root). */
export interface MediaFiles {
  /** Image renditions (for a video: its poster), smallest first. */
  images: Array<{ width: number; webp: string; jpeg: string }>
  /** A video's HLS playlist key and its segment keys (same folder). */
  hls: { playlist: string; segments: string[] } | null
  mp4: string | null
}

/**
 * An uploaded photo or video. Its md5 (spec §5 rule, computed again by the server on the received bytes)
 * identifies it per owner: the same file uploaded twice by one creator is one row.
 */
export const media = pgTable(
  'media',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    ownerId: bigint('owner_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['image', 'video'] }).notNull(),
    /** MediaState: 0 uploading, 2 processing, 1 ready, 3 failed. */
    state: smallint('state').notNull().default(0),
    md5: text('md5').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    mime: text('mime').notNull(),
    originalName: text('original_name').notNull().default(''),
    /** The resumable upload's id (tus), while uploading. */
    uploadId: text('upload_id'),
    width: integer('width'),
    height: integer('height'),
    durationMs: integer('duration_ms'),
    files: jsonb('files').$type<MediaFiles>(),
    /** Blurred tiny JPEG as a data URL: the only image a viewer without access ever gets. */
    preview: text('preview'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readyAt: timestamp('ready_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('media_owner_md5_key').on(t.ownerId, t.md5, t.size).where(sql`${t.state} <> 3`),
    uniqueIndex('media_upload_id_key').on(t.uploadId),
    index('media_state_created_idx').on(t.state, t.createdAt),
  ],
)
